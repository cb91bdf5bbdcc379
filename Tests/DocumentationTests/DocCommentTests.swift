import Foundation
import Testing

/// Public API documentation, read from the sources: every public declaration of the library modules
/// has a `///` comment, and the DocC articles refer to declarations and tool options that exist.
///
/// Per-module counts are printed for every module; only the modules in ``DocCommentTests/required``
/// fail the test, so a module still being documented is reported, not failed.
@Suite struct DocCommentTests {
    /// Modules whose every public declaration must have a doc comment.
    static let required: Set<String> = [
        "IndoorJSON", "IndoorGeometry", "IndoorVenue", "IndoorEstimation", "IndoorRecordings", "IndoorPositioning", "IndoorSimulation",
        "IndoorNavigation", "IndoorPlot", "IndoorViewer", "IndoorRouting", "IndoorRerouteService", "IndoorEvaluation", "IndoorBenchmarks",
        "IndoorCommandLine",
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `(module, file path relative to the root)` of every Swift file under `Sources/`.
    static func sourceFiles() throws -> [(module: String, path: String)] {
        let sources = root.appendingPathComponent("Sources")
        var out: [(String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            guard let walker = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path) else { continue }
            while let file = walker.nextObject() as? String {
                if file.hasSuffix(".swift") { out.append((module, "Sources/\(module)/\(file)")) }
            }
        }
        return out
    }

    @Test func scannerFindsUndocumentedDeclarations() {
        let source = """
            /// Documented.
            public struct A {
                public var x: Int
                /// Documented member.
                @discardableResult public func f() -> Int { 1 }
            }
            public enum B {
                /// Documented case.
                case one
                case two
                func hidden() { switch self { case .one: break; case .two: break } }
            }
            /// Documented protocol.
            public protocol P {
                func g()
            }
            """
        let found = PublicDeclarationScanner.undocumented(in: source).map(\.text)
        #expect(found == ["public var x: Int", "public enum B {", "case two", "func g()"])
    }

    @Test func everyPublicDeclarationOfTheRequiredModulesHasADocComment() throws {
        var report: [String: (total: Int, missing: [String])] = [:]
        for (module, path) in try Self.sourceFiles() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            let total = PublicDeclarationScanner.declarations(in: text).count
            let missing = PublicDeclarationScanner.undocumented(in: text).map { "\(path):\($0.line): \($0.text)" }
            report[module, default: (0, [])].total += total
            report[module, default: (0, [])].missing += missing
        }
        for (module, entry) in report.sorted(by: { $0.key < $1.key }) where entry.total > 0 {
            let status = Self.required.contains(module) ? "required" : "reported"
            print("doc comments: \(module): \(entry.total) public declarations, \(entry.missing.count) without a doc comment (\(status))")
        }
        for module in Self.required.sorted() {
            let entry = try #require(report[module], "no sources for \(module)")
            #expect(
                entry.missing.isEmpty,
                "\(module): \(entry.missing.count) public declarations without a doc comment:\n\(entry.missing.joined(separator: "\n"))")
        }
    }

    /// ``Symbol`` and ``Type/member`` links in the DocC articles name public declarations, and every
    /// `indoornav` option in their code blocks is in the tool reference (docs/cli.md).
    @Test func articlesReferToRealDeclarationsAndOptions() throws {
        var declared = Set<String>()
        for (module, path) in try Self.sourceFiles() {
            declared.insert(module)
            let text = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
            for declaration in PublicDeclarationScanner.declarations(in: text) {
                if let name = PublicDeclarationScanner.name(of: declaration.text) { declared.insert(name) }
            }
        }
        // Module names, whatever the target is called in the manifest (a target may keep an older directory).
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in manifest.matches(of: /name: "(\w+)"/) { declared.insert(String(target.1)) }
        let reference = try String(contentsOf: Self.root.appendingPathComponent("docs/cli.md"), encoding: .utf8)
        let catalogs = try Self.sourceFiles().map(\.module).reduce(into: Set<String>()) { $0.insert($1) }
            .map { Self.root.appendingPathComponent("Sources/\($0)/\($0).docc") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        try #require(!catalogs.isEmpty, "no DocC catalog found")
        var articles = 0
        for catalog in catalogs {
            for file in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where file.hasSuffix(".md") {
                articles += 1
                let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
                // Prose only for symbol links: fenced code blocks hold Swift and shell, not links.
                let prose = text.split(separator: "```", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
                for link in prose.matches(of: /``([^`\n]+)``/) {
                    for component in link.1.split(separator: "/") {
                        let name = String(component.prefix { $0 != "(" })
                        let isDeclared = declared.contains(name)
                        #expect(isDeclared, "\(file): ``\(link.1)``: no public declaration named \(name)")
                    }
                }
                for line in text.split(separator: "\n") {
                    guard let command = line.range(of: "indoornav ") else { continue }
                    for option in line[command.upperBound...].matches(of: /(^|[\s`(\[])(--[a-z][a-z-]*)/) {
                        let known = reference.contains("`\(option.2)")
                        #expect(known, "\(file): \(option.2) is not an option in docs/cli.md")
                    }
                }
            }
        }
        #expect(articles >= 4)
    }
}

/// A line-based reader of Swift sources: finds public declarations and whether a `///` (or `/** */`)
/// comment precedes them. Members of public protocols and cases of public enums count as public.
enum PublicDeclarationScanner {
    /// A declaration's 1-based line and its trimmed text.
    struct Declaration: Equatable {
        let line: Int
        let text: String
    }

    /// Every public declaration.
    static func declarations(in source: String) -> [Declaration] { scan(source).map(\.0) }

    /// The public declarations without a doc comment (or with an empty one).
    static func undocumented(in source: String) -> [Declaration] { scan(source).filter { !$0.1 }.map(\.0) }

    /// The declared name: the identifier after the keyword (`init` for initializers).
    static func name(of text: String) -> String? {
        let words = Array(wordsAfterAttributes(text))
        guard let at = words.firstIndex(where: { keyword($0) != nil }) else { return nil }
        let key = keyword(words[at])
        if key == "init" || key == "subscript" { return String(key ?? "") }
        guard at + 1 < words.count else { return nil }
        let name = words[at + 1].drop { $0 == "`" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private enum Scope { case publicEnum, publicProtocol, other }

    static let modifiers: Set<Substring> = [
        "static", "final", "class", "override", "mutating", "nonmutating", "nonisolated", "convenience", "required",
        "indirect", "lazy", "dynamic", "private(set)", "fileprivate(set)", "internal(set)", "package(set)",
    ]
    static let keywords: Set<Substring> = [
        "func", "var", "let", "init", "struct", "enum", "class", "protocol", "typealias", "subscript", "actor", "case",
        "associatedtype",
    ]

    /// The words of a line after its attributes (`@discardableResult`, `@available(…)`).
    private static func wordsAfterAttributes(_ line: String) -> ArraySlice<Substring> {
        var words = line.split(separator: " ")[...]
        while let first = words.first, first.hasPrefix("@") {
            words.removeFirst()
            if first.contains("(") && !first.contains(")") {
                while let word = words.first, !word.contains(")") { words.removeFirst() }
                if !words.isEmpty { words.removeFirst() }
            }
        }
        return words
    }

    /// The keyword a word starts with (`init?(` → `init`), if it is a declaration keyword.
    private static func keyword(_ word: Substring) -> Substring? {
        let head = word.prefix { $0.isLetter }
        return keywords.contains(head) ? head : nil
    }

    /// Whether the line declares something with `public` or `open` access (`public extension` is not a
    /// declaration: its members are).
    private static func isPublicDeclaration(_ line: String) -> Bool {
        var words = wordsAfterAttributes(line)
        guard let access = words.first, access == "public" || access == "open" else { return false }
        words.removeFirst()
        // `class` is a modifier before `func`/`var` (`class func`), else the keyword of a class.
        while let word = words.first, modifiers.contains(word),
            word != "class" || words.dropFirst().first.map({ modifiers.contains($0) || keyword($0) != nil }) == true
        {
            words.removeFirst()
        }
        return words.first.flatMap(keyword) != nil
    }

    /// Whether the line is a requirement of a protocol (`func`, `var`, `init`, `associatedtype`, `subscript`).
    private static func isRequirement(_ line: String) -> Bool {
        var words = wordsAfterAttributes(line)
        while let word = words.first, word == "static" || word == "mutating" { words.removeFirst() }
        guard let first = words.first, let key = keyword(first) else { return false }
        return ["func", "var", "init", "associatedtype", "subscript"].contains(key)
    }

    private static func scan(_ source: String) -> [(Declaration, Bool)] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var scopes: [Scope] = []
        var out: [(Declaration, Bool)] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let scope = scopes.last ?? .other
            let isDeclaration =
                isPublicDeclaration(line)
                || (scope == .publicEnum && (line.hasPrefix("case ") || line.hasPrefix("indirect case ")))
                || (scope == .publicProtocol && isRequirement(line))
            if isDeclaration {
                var previous = index - 1
                while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).hasPrefix("@") { previous -= 1 }
                let comment = previous >= 0 ? lines[previous].trimmingCharacters(in: .whitespaces) : ""
                let documented =
                    (comment.hasPrefix("///") && !comment.dropFirst(3).allSatisfy(\.isWhitespace)
                        || comment.hasPrefix("///") && isContinuation(lines, before: previous)) || comment.hasSuffix("*/")
                out.append((Declaration(line: index + 1, text: line), documented))
            }
            var opening: Scope = .other
            let words = wordsAfterAttributes(line)
            if let access = words.first, access == "public" || access == "open" {
                let rest = words.dropFirst().drop { $0 == "indirect" || $0 == "final" }
                if rest.first == "enum" { opening = .publicEnum } else if rest.first == "protocol" { opening = .publicProtocol }
            }
            for character in code(of: line) {
                if character == "{" {
                    scopes.append(opening); opening = .other
                } else if character == "}", !scopes.isEmpty {
                    scopes.removeLast()
                }
            }
        }
        return out
    }

    /// Whether the `///` line at `index` continues a comment of several lines (then its last line may
    /// be short).
    private static func isContinuation(_ lines: [String], before index: Int) -> Bool {
        index > 0 && lines[index - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///")
    }

    /// The line without string literals and `//` comments, for counting braces.
    private static func code(of line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if inString {
                if character == "\"" && previous != "\\" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/" && previous == "/" {
                out.removeLast()
                break
            } else {
                out.append(character)
            }
            previous = character
        }
        return out
    }
}
