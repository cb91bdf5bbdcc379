import Dispatch
import Foundation
import Synchronization

/// Events made on a thread of their own, ahead of the caller, handed over in chunks: a reader decodes the
/// next lines while the caller works on the last ones, so reading and processing use two cores.
///
/// The producing closure runs only on the read-ahead thread, from the first ``next()`` until it returns
/// `nil`, throws, or the read-ahead is released; whatever it owns must not be touched elsewhere meanwhile.
/// The caller sees the same events, in the same order, with the same error at the same place, as calling
/// the closure itself. At most ``chunksAhead`` chunks of ``chunkEvents`` events wait, so memory stays
/// bounded however far the producer could run ahead.
public final class ReadAhead<Event: Sendable> {
    /// Events per chunk handed over.
    public let chunkEvents: Int
    /// Chunks that may wait for the caller.
    public let chunksAhead: Int

    private let channel: Channel
    private var produce: (() throws(RecordingError) -> Event?)?
    // Read by the inlined fast path of ``next()`` (specialised in the caller's module for its event type).
    @usableFromInline var current: [Event] = []
    @usableFromInline var position = 0
    private var finished = false

    /// A read-ahead over `produce` (started on the first ``next()``); `chunkEvents` and `chunksAhead` at
    /// least 1.
    public init(chunkEvents: Int = 16384, chunksAhead: Int = 4, produce: @escaping () throws(RecordingError) -> Event?) {
        self.chunkEvents = max(1, chunkEvents)
        self.chunksAhead = max(1, chunksAhead)
        self.produce = produce
        channel = Channel(chunksAhead: max(1, chunksAhead))
    }

    deinit { channel.cancel() }

    /// The next event; `nil` after the last. Rethrows the producer's error after the events before it.
    @inlinable
    public func next() throws(RecordingError) -> Event? {
        if position < current.count {
            defer { position += 1 }
            return current[position]
        }
        return try nextChunk()
    }

    /// The first event of the next chunk, waiting for it; `nil` after the last.
    @usableFromInline
    func nextChunk() throws(RecordingError) -> Event? {
        if finished { return nil }
        if let produce {
            self.produce = nil
            start(produce)
        }
        switch channel.take() {
        case .events(let events):
            current = events
            position = 1
            return events[0]
        case .end:
            finished = true
            current = []
            return nil
        case .failure(let error):
            finished = true
            current = []
            throw error
        }
    }

    private func start(_ produce: @escaping () throws(RecordingError) -> Event?) {
        let work = Producer(produce: produce, channel: channel, chunkEvents: chunkEvents)
        let thread = Thread { work.run() }
        thread.name = "indoornav.read-ahead"
        thread.start()
    }

    /// What the producer hands over.
    private enum Chunk: Sendable {
        case events([Event])
        case end
        case failure(RecordingError)
    }

    /// The bounded queue between the two threads.
    private final class Channel: Sendable {
        private let queue = Mutex<(chunks: [Chunk], cancelled: Bool)>(([], false))
        private let waiting = DispatchSemaphore(value: 0)
        private let room = DispatchSemaphore(value: 0)

        init(chunksAhead: Int) {
            // Made at 0 and raised: libdispatch refuses to free a semaphore below the value it was made with,
            // which is where `room` is left when the caller goes early.
            for _ in 0..<chunksAhead { room.signal() }
        }

        /// Waits for room, then queues `chunk`; false once the caller has gone.
        func put(_ chunk: Chunk) -> Bool {
            room.wait()
            let open = queue.withLock { state in
                guard !state.cancelled else { return false }
                state.chunks.append(chunk)
                return true
            }
            if open { waiting.signal() }
            return open
        }

        /// Waits for the next chunk.
        func take() -> Chunk {
            waiting.wait()
            let chunk = queue.withLock { $0.chunks.removeFirst() }
            room.signal()
            return chunk
        }

        /// The caller has gone: the producer stops at its next hand-over.
        func cancel() {
            queue.withLock { $0.cancelled = true }
            room.signal()
        }
    }

    /// The producing closure and where its events go; used on the read-ahead thread only (the closure's
    /// captures are the caller's, who promises not to touch them while it runs).
    private struct Producer: @unchecked Sendable {
        let produce: () throws(RecordingError) -> Event?
        let channel: Channel
        let chunkEvents: Int

        func run() {
            var events: [Event] = []
            events.reserveCapacity(chunkEvents)
            do {
                while let event = try produce() {
                    events.append(event)
                    if events.count == chunkEvents {
                        guard channel.put(.events(events)) else { return }
                        events = []
                        events.reserveCapacity(chunkEvents)
                    }
                }
                if !events.isEmpty { guard channel.put(.events(events)) else { return } }
                _ = channel.put(.end)
            } catch {
                if !events.isEmpty { guard channel.put(.events(events)) else { return } }
                _ = channel.put(.failure(error))
            }
        }
    }
}

/// A sample source read ahead on its own thread (``ReadAhead``): the wrapped source (a file reader) decodes
/// while its consumer (a player, a pipeline) works. The wrapped source must not be used elsewhere until this
/// one has returned `nil` or thrown; it cannot rewind.
public final class ReadAheadSource: SampleSource {
    /// The wrapped source's name.
    public let name: String
    private let events: ReadAhead<SourceEvent>

    /// `source` read ahead.
    public init(_ source: any SampleSource, chunkEvents: Int = 4096, chunksAhead: Int = 4) {
        name = source.name
        events = ReadAhead(chunkEvents: chunkEvents, chunksAhead: chunksAhead) { () throws(RecordingError) in try source.next() }
    }

    /// The wrapped source's next event.
    public func next() throws(RecordingError) -> SourceEvent? { try events.next() }

    /// Throws ``RecordingError/cannotRewind(source:)``: what was read ahead is gone.
    public func rewind() throws(RecordingError) { throw .cannotRewind(source: name) }
}
