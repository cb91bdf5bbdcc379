import Foundation
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// `--manual FILE`: a track of manual fixes (a user tapping where they are, a test script) for `eval`
/// and `replay`. FILE is any recording the tool reads; its ground-truth lines (canonical `truth`, ILC
/// waypoints, IPIN `POSI`) are the fixes, put in the same frame as the recording they join, each with a
/// circular one-sigma of `--manual-sigma` metres (default 2).
public enum ManualFixes {
    /// The fixes' one-sigma when none is given, metres. 2.
    public static let defaultSigmaMeters = 2.0

    /// The file's fixes, in time order.
    /// - Throws: ``ManualFixesError`` naming the file when it cannot be read or holds no ground-truth line.
    public static func load(path: String, sigmaMeters: Double, venue: Venue?, registry: BeaconRegistry?) throws -> [IndoorLocation] {
        let loaded: LoadedRecording
        do {
            loaded = try LoadedRecording.read(path, venue: venue, registry: registry)
        } catch {
            throw ManualFixesError.unreadable(path: path, reason: EvaluationInputs.skipReason(for: error))
        }
        guard let truth = loaded.truth else { throw ManualFixesError.noFixes(path: path) }
        let candidates = venue.map(LevelCandidate.levels(of:)) ?? []
        return truth.points.map { point in
            let level = point.level.flatMap { LevelCandidate.index(of: $0, in: candidates, venue: venue) }.map { candidates[$0] }
            var fix = IndoorLocation(
                point: point.point, levelID: level?.levelID, accuracyMeters: sigmaMeters,
                timeSeconds: point.timeSeconds, source: "manual")
            fix.floorNumber = level?.floorNumber
            return fix
        }
    }

    /// A manual provider holding `fixes` (each run gets its own: the pipeline takes them as it goes).
    public static func provider(_ fixes: [IndoorLocation]) -> ManualLocationProvider {
        let provider = ManualLocationProvider()
        for fix in fixes { provider.setLocation(fix) }
        return provider
    }
}

/// Why a file of manual fixes cannot be used (the message names the option and the file).
public enum ManualFixesError: Error, CustomStringConvertible, Equatable {
    /// The file cannot be read as a recording.
    case unreadable(path: String, reason: String)
    /// The file holds no ground-truth line.
    case noFixes(path: String)

    /// `--manual FILE: …`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "--manual \(path): \(reason)"
        case .noFixes(let path): "--manual \(path): no fix lines (truth, waypoint or POSI records) in it"
        }
    }
}
