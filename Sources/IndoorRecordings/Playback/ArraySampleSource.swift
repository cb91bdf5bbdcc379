/// A sample source over samples held in memory (tests, simulators), in the given order.
public final class ArraySampleSource: SampleSource {
    /// A name for messages.
    public let name: String
    private let events: [SourceEvent]
    private var index = 0

    /// A source yielding `samples` in order; line numbers are their 1-based positions.
    public convenience init(_ samples: [SensorSample], name: String = "<samples>") {
        self.init(events: samples.enumerated().map { .sample($0.element, line: $0.offset + 1) }, name: name)
    }

    /// A source yielding `events` (samples and issues) in order.
    public init(events: [SourceEvent], name: String = "<samples>") { self.events = events; self.name = name }

    /// The next event.
    public func next() throws(RecordingError) -> SourceEvent? {
        guard index < events.count else { return nil }
        defer { index += 1 }
        return events[index]
    }

    /// Back to the first event.
    public func rewind() throws(RecordingError) { index = 0 }
}
