import Foundation
import Testing

@testable import IndoorRecordings

@Suite struct ReadAheadTests {
    /// Every event of `source`, read directly.
    private func drain(_ source: any SampleSource) throws -> [SourceEvent] {
        var events: [SourceEvent] = []
        while let event = try source.next() { events.append(event) }
        return events
    }

    @Test(arguments: [1, 3, 4096])
    func givesTheSameEventsInTheSameOrder(chunkEvents: Int) throws {
        // 10 events: with chunks of 3 the last chunk is short, with 4096 everything is one chunk.
        let samples = (0..<10).map { SensorSample(timeSeconds: Double($0) * 0.5, reading: .pressure(hectopascals: 1000 + Double($0))) }
        let ahead = ReadAheadSource(ArraySampleSource(samples), chunkEvents: chunkEvents, chunksAhead: 2)
        let events = try drain(ahead)
        #expect(events.count == 10)
        let times = events.compactMap { if case .sample(let s, _) = $0 { s.timeSeconds } else { nil } }
        #expect(times == (0..<10).map { Double($0) * 0.5 })
        // After the end it stays at the end.
        #expect(try ahead.next() == nil)
    }

    @Test func aRecordingReadAheadMatchesItReadDirectly() throws {
        let file = TestSupport.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt").path
        let direct = try drain(try RecordingReader(path: file))
        let ahead = try drain(ReadAheadSource(try RecordingReader(path: file), chunkEvents: 1000, chunksAhead: 2))
        #expect(direct.count > 1000)
        #expect(ahead == direct)
    }

    @Test func anErrorComesAfterTheEventsBeforeIt() throws {
        // A strict reader throws at the malformed third line; the two samples before it come first.
        let text =
            TestSupport.canonicalHeader + "\n" + #"{"t":0,"type":"pressure","hPa":1000}"# + "\n"
            + #"{"t":1,"type":"pressure","hPa":1001}"# + "\n" + #"{"t":2,"type":"pressure","hPa":"high"}"# + "\n"
            + #"{"t":3,"type":"pressure","hPa":1003}"# + "\n"
        let reader = try RecordingReader(source: MemoryByteSource(Array(text.utf8)), strict: true)
        let ahead = ReadAheadSource(reader, chunkEvents: 1, chunksAhead: 1)
        var times: [Double] = []
        var thrown: RecordingError?
        do {
            while let event = try ahead.next() { if case .sample(let s, _) = event { times.append(s.timeSeconds) } }
        } catch {
            thrown = error
        }
        #expect(times == [0, 1])
        guard case .malformedLine(let issue) = thrown else {
            Issue.record("expected a malformed-line error, got \(String(describing: thrown))")
            return
        }
        #expect(issue.line == 4)
        #expect(try ahead.next() == nil)
    }

    @Test func releasedEarlyItStopsItsThread() throws {
        // The producer blocks on a full queue; dropping the read-ahead must let it finish (it counts
        // how far it got, and stops short of the million events it could make).
        let made = Counter()
        do {
            let ahead = ReadAhead<Int>(chunkEvents: 10, chunksAhead: 1) { () throws(RecordingError) in
                made.add()
                return made.value < 1_000_000 ? made.value : nil
            }
            #expect(try ahead.next() == 1)
        }
        var waitedSeconds = 0.0
        var last = -1
        while waitedSeconds < 5 {
            let now = made.value
            if now == last { break }
            last = now
            Thread.sleep(forTimeInterval: 0.05)
            waitedSeconds += 0.05
        }
        #expect(made.value < 100)
        #expect(rewindFails())
    }

    private func rewindFails() -> Bool {
        let ahead = ReadAheadSource(ArraySampleSource([]))
        do {
            try ahead.rewind()
            return false
        } catch {
            guard case .cannotRewind = error else { return false }
            return true
        }
    }

    /// A counter shared with the producer thread.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }
}
