import IndoorGeometry
import IndoorRouting

/// The ground truth of a simulated walk: a time-ordered list of pieces covering
/// `0 … durationSeconds` without gaps, and the steps taken.
public struct Trajectory: Sendable {
    /// The pieces, in time order; each starts when the previous one ends.
    public let pieces: [TrajectoryPiece]
    /// Venue level ids by level index.
    public let levelIDs: [String]
    /// The planned route the walker follows (before any deviation), as the router returned it.
    public let routePolyline: [RoutePoint]
    /// The walk's nominal step frequency, Hz (each walking stretch is adjusted slightly so it holds a
    /// whole number of steps).
    public let nominalStepFrequencyHz: Double
    /// Number of steps taken in the whole walk.
    public let stepCount: Int

    /// Length of the recording, s.
    public var durationSeconds: Double { pieces.last?.endSeconds ?? 0 }

    /// Horizontal distance travelled, m.
    public var distanceMeters: Double { pieces.reduce(0) { $0 + $1.start.distance(to: $1.end) } }

    /// The walker's state at `t` (clamped to the walk).
    /// - Complexity: O(log n) in the number of pieces.
    public func state(atSeconds t: Double) -> WalkerState {
        pieces[pieceIndex(atSeconds: t)].state(atSeconds: t)
    }

    /// Index of the piece that contains `t` (the later one at a boundary).
    /// - Complexity: O(log n).
    public func pieceIndex(atSeconds t: Double) -> Int {
        var low = 0, high = pieces.count - 1
        while low < high {
            let mid = (low + high) / 2
            if pieces[mid].endSeconds > t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// Times of the ground-truth samples: every `1 / rateHz` seconds from 0, plus the start of every
    /// piece (turns, connectors, pauses) and the end; sorted, without duplicates closer than 1 µs.
    public func groundTruthTimes(rateHz: Double) -> [Double] {
        let end = durationSeconds
        var times: [Double] = []
        let count = Int((end * rateHz).rounded(.down))
        times.reserveCapacity(count + pieces.count + 2)
        for k in 0...count { times.append(Double(k) / rateHz) }
        for piece in pieces { times.append(piece.startSeconds) }
        times.append(end)
        times.sort()
        var unique: [Double] = []
        unique.reserveCapacity(times.count)
        for t in times where t <= end {
            if let last = unique.last, t - last < 1e-6 { continue }
            unique.append(t)
        }
        return unique
    }

    /// Times at which each step is completed (the walker's step phase crosses a whole number).
    public func stepTimes() -> [Double] {
        var times: [Double] = []
        times.reserveCapacity(stepCount)
        for piece in pieces where piece.stepFrequencyHz > 0 {
            let first = Int(piece.stepPhaseAtStart.rounded(.down)) + 1
            let last = Int((piece.stepPhaseAtStart + piece.stepFrequencyHz * piece.durationSeconds + 1e-9).rounded(.down))
            if first > last { continue }
            for k in first...last {
                times.append(piece.startSeconds + (Double(k) - piece.stepPhaseAtStart) / piece.stepFrequencyHz)
            }
        }
        return times
    }
}
