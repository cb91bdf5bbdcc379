import Dispatch
import IndoorRerouteService

/// Writes the service's sessions to a state file every `intervalSeconds` on its own serial queue, and
/// once more when asked to finish (after the last request). Periodic failures are reported (on stderr
/// and to `GET /ready`, which answers 503 until a write succeeds) and retried at the next interval; the
/// final write's failure is the command's.
final class SessionStateSaver: @unchecked Sendable {
    private let service: RerouteService
    private let path: String
    private let queue = DispatchQueue(label: "indoornav.state-file")
    private let timer: DispatchSourceTimer

    init(service: RerouteService, path: String, intervalSeconds: Double) {
        self.service = service
        self.path = path
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + intervalSeconds, repeating: intervalSeconds)
        service.expectSnapshots(everySeconds: intervalSeconds)
        timer.setEventHandler { [service, path] in
            do {
                try SessionStateFile.write(service.storedSessions(), to: path)
                service.recordSnapshot(failure: nil)
            } catch {
                let sentence = ErrorText.sentence(error, path: path)
                service.recordSnapshot(failure: sentence)
                warn("indoornav serve: \(sentence)")
            }
        }
        timer.resume()
    }

    /// Stops the timer, waits for a write in progress, writes the sessions once more; returns how many.
    func finish() throws -> Int {
        timer.cancel()
        return try queue.sync { () throws -> Int in
            let sessions = service.storedSessions()
            try SessionStateFile.write(sessions, to: path)
            return sessions.count
        }
    }
}
