import Foundation

/// Headless Chromium for the viewer's browser tests: the DOM after the page's scripts ran, console
/// errors, and screenshots. Found at `INDOORNAV_CHROMIUM`, else `chromium`, `chromium-browser` or
/// `google-chrome` on the usual paths; tests skip with ``missingReason`` when there is none.
public struct HeadlessChromium: Sendable {
    /// What a page load produced.
    public struct Page: Sendable {
        /// The serialized DOM after the scripts ran.
        public var dom: String
        /// Console messages at error level and uncaught exceptions Chromium logged.
        public var consoleErrors: [String]

        /// The attributes of `<body>` (the viewer keeps its state there).
        public var bodyAttributes: [String: String] { HeadlessChromium.attributes(ofFirst: "body", in: dom) }
    }

    /// A failure to run the browser.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The executable.
    public let path: String
    /// Longest a page may take, seconds.
    public var timeoutSeconds: Double = 90

    /// The browser at `path`.
    public init(path: String) { self.path = path }

    /// The browser, or nil when none is installed.
    public static func find() -> HeadlessChromium? {
        var candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
        if let env = ProcessInfo.processInfo.environment["INDOORNAV_CHROMIUM"], !env.isEmpty { candidates.insert(env, at: 0) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map { HeadlessChromium(path: $0) }
    }

    /// Why browser tests are skipped.
    public static let missingReason = "no Chromium (apt-get install chromium, or set INDOORNAV_CHROMIUM)"

    /// Loads `url`, lets its timers and requests run for `budgetMilliseconds` of virtual time, and returns the DOM.
    public func load(_ url: String, budgetMilliseconds: Int = 3_000, windowSize: (Int, Int) = (1400, 900)) throws -> Page {
        let (out, err) = try run([
            "--virtual-time-budget=\(budgetMilliseconds)", "--window-size=\(windowSize.0),\(windowSize.1)",
            "--enable-logging=stderr", "--v=0", "--dump-dom", url,
        ])
        let errors = err.split(separator: "\n").map(String.init).filter { line in
            line.contains("CONSOLE") && (line.contains("Uncaught") || line.contains("ERROR:CONSOLE"))
        }
        return Page(dom: out, consoleErrors: errors)
    }

    /// Writes a PNG screenshot of `url` after `budgetMilliseconds` of virtual time.
    public func screenshot(_ url: String, to file: String, budgetMilliseconds: Int = 3_000, windowSize: (Int, Int) = (1400, 900)) throws {
        try? FileManager.default.removeItem(atPath: file)
        _ = try run([
            "--virtual-time-budget=\(budgetMilliseconds)", "--window-size=\(windowSize.0),\(windowSize.1)", "--hide-scrollbars",
            "--screenshot=\(file)", url,
        ])
        guard FileManager.default.fileExists(atPath: file) else { throw Failure(description: "no screenshot written for \(url)") }
    }

    private func run(_ arguments: [String]) throws -> (String, String) {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--disable-extensions", "--disable-dev-shm-usage",
                "--user-data-dir=\(profile)",
            ] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes while the browser runs so neither fills up.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        group.enter();
        DispatchQueue.global().async {
            outData = out.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        group.enter();
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile(); group.leave()
        }
        if group.wait(timeout: .now() + timeoutSeconds) == .timedOut {
            process.terminate()
            throw Failure(description: "Chromium did not finish within \(timeoutSeconds) s: \(arguments.last ?? "")")
        }
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// The attributes of the first `<tag …>` in `html` (double-quoted values, entities left as they are).
    public static func attributes(ofFirst tag: String, in html: String) -> [String: String] {
        guard let start = html.range(of: "<\(tag) ") ?? html.range(of: "<\(tag)>"),
            let end = html[start.upperBound...].firstIndex(of: ">")
        else { return [:] }
        return attributes(in: String(html[start.upperBound..<end]))
    }

    /// `name="value"` pairs of one tag's text.
    public static func attributes(in text: String) -> [String: String] {
        var out: [String: String] = [:]
        var rest = Substring(text)
        while let eq = rest.range(of: "=\"") {
            let name = rest[..<eq.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\n" }).last.map(String.init) ?? ""
            let valueStart = eq.upperBound
            guard let close = rest[valueStart...].firstIndex(of: "\"") else { break }
            out[name] = String(rest[valueStart..<close])
            rest = rest[rest.index(after: close)...]
        }
        return out
    }

    /// Every opening tag `<tag …>` whose text contains `marker`, as attribute dictionaries.
    public static func elements(_ tag: String, containing marker: String, in html: String) -> [[String: String]] {
        var found: [[String: String]] = []
        var rest = Substring(html)
        while let start = rest.range(of: "<\(tag) ") {
            guard let end = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let text = String(rest[start.upperBound..<end])
            if text.contains(marker) { found.append(attributes(in: text)) }
            rest = rest[end...]
        }
        return found
    }

    /// The size of a PNG file in bytes: a picture with content compresses far worse than a blank one.
    public static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
