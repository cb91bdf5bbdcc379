import Foundation

/// A one-line progress report on standard error (`eval: 12/126 walk.txt`), redrawn in place at most five
/// times a second and cleared when the work ends — shown only when standard error is a terminal, so
/// logs, pipes and tests stay quiet.
public struct ProgressLine {
    /// Whether anything is drawn (standard error is a terminal, unless the caller decides otherwise).
    public let isShown: Bool
    private let label: String
    private let total: Int?
    private let clock = ContinuousClock()
    private var lastDrawn: ContinuousClock.Instant?
    /// Least time between two redraws.
    private static let redrawInterval = Duration.milliseconds(200)

    /// A progress line for `label` (`eval`), counting up to `total` when known.
    public init(_ label: String, total: Int? = nil, shown: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.total = total
        self.isShown = shown
    }

    /// Shows `done` of the total, with an optional detail (the file being read); cheap when not shown.
    public mutating func update(_ done: Int, _ detail: String = "") {
        guard isShown else { return }
        let now = clock.now
        if let lastDrawn, now - lastDrawn < Self.redrawInterval, done != total { return }
        lastDrawn = now
        var text = "\(label): \(done)" + (total.map { "/\($0)" } ?? "")
        if !detail.isEmpty { text += " " + detail }
        draw(String(text.prefix(110)))
    }

    /// Shows a stage (`writing 40 levels…`) at once.
    public mutating func stage(_ text: String) {
        guard isShown else { return }
        lastDrawn = clock.now
        draw("\(label): \(text)")
    }

    /// Clears the line.
    public func finish() {
        guard isShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    private func draw(_ text: String) {
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }
}
