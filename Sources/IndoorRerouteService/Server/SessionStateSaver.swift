import Dispatch
import IndoorCommandLine
import IndoorJSON

/// Writes the service's sessions to a state file every `intervalSeconds` on its own serial queue, and
/// once more when asked to finish (after the last request). With a journal (``SessionJournal``) each
/// write compacts it: the journal moves to a new segment first, and the segments before it are deleted
/// once the state file (which holds all they hold) is written. Periodic failures are reported (on
/// stderr and to `GET /ready`, which answers 503 until a write succeeds) and retried at the next
/// interval; the final write's failure is the caller's.
public final class SessionStateSaver: @unchecked Sendable {
    private let service: RerouteService
    private let path: String
    private let journal: SessionJournal?
    private let queue = DispatchQueue(label: "indoornav.state-file")
    private let timer: DispatchSourceTimer

    /// Starts writing `service`'s sessions to `path` every `intervalSeconds`; `log` hears each failed write.
    public init(
        service: RerouteService, path: String, intervalSeconds: Double, journal: SessionJournal?,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.service = service
        self.path = path
        self.journal = journal
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + intervalSeconds, repeating: intervalSeconds)
        service.expectSnapshots(everySeconds: intervalSeconds)
        timer.setEventHandler { [self] in
            do {
                try compact()
                service.recordSnapshot(failure: nil)
            } catch {
                let sentence = IOErrorText.sentence(error, path: path)
                service.recordSnapshot(failure: sentence)
                log(sentence)
            }
        }
        timer.resume()
    }

    /// Moves the journal to a new segment, writes the state file, deletes the older segments.
    private func compact() throws {
        let next = try journal?.rotate()
        try SessionStateFile.write(service.storedSessions(), to: path)
        if let next { SessionJournal.removeSegments(of: path, below: next) }
    }

    /// Writes the state file now (after restoring it and its journal at start), on the writer's queue.
    public func writeNow() throws { try queue.sync { try compact() } }

    /// Stops the timer, waits for a write in progress, writes the journal's last records and then the
    /// sessions once more, and deletes the journal; returns how many sessions.
    public func finish() throws -> Int {
        timer.cancel()
        return try queue.sync { () throws -> Int in
            journal?.shutDown()
            let sessions = service.storedSessions()
            try SessionStateFile.write(sessions, to: path)
            if journal != nil { SessionJournal.removeSegments(of: path, below: Int.max) }
            return sessions.count
        }
    }
}
