import IndoorJSON
import IndoorRouting
import IndoorVenue
import Synchronization

/// The JSON of the maneuvers one session answered last (its current and upcoming ones), so the answers
/// to fixes along one maneuver write it instead of building it again (``RouteJSON/maneuver(_:venue:)``,
/// WGS84 conversion included). One per session: its venue never changes, so the maneuver is the key.
final class ManeuverJSONCache: Sendable {
    /// Maneuvers kept: the current and the upcoming one.
    static let capacity = 2
    private let entries = Mutex<[(maneuver: Maneuver, json: [UInt8])]>([])

    /// Appends the JSON of `maneuver` in `venue` (`null` for none) to `out`.
    func write(_ maneuver: Maneuver?, venue: Venue, into out: inout [UInt8]) {
        guard let maneuver else { out += [110, 117, 108, 108]; return }
        if let hit = entries.withLock({ $0.first { $0.maneuver == maneuver }?.json }) {
            out += hit
            return
        }
        // Kept at its size (the encoder reserves room for a whole answer).
        let json = JSONBytes.encode(RouteJSON.maneuver(maneuver, venue: venue)).withUnsafeBufferPointer { Array($0) }
        entries.withLock { e in
            e.insert((maneuver, json), at: 0)
            if e.count > Self.capacity { e.removeLast() }
        }
        out += json
    }
}
