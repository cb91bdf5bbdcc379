/// Decides which steps climb (stairs, ramps), so that only their horizontal part moves the position.
///
/// A step climbs while the barometric vertical speed (``LevelEstimator/verticalSpeedMetersPerSecond``)
/// exceeds ``FusionConfiguration/climbingVerticalSpeedMetersPerSecond``, but only once the barometric
/// height has changed by ``FusionConfiguration/climbingConfirmHeightMeters`` since the speed first
/// exceeded it: a door or a draught moves the pressure for a second or two by a few decimetres, a flight
/// of stairs by a metre or more. Near a known connector (stairs, escalator, ramp of the venue) the speed
/// alone confirms. The steps of the unconfirmed stretch walk their full length; when the
/// climb is confirmed, what they would have lost is handed back once (``Verdict/climbing(catchUp:)``) for
/// the engine to take off the position. A stretch that ends unconfirmed is forgotten.
struct ClimbDetector {
    /// What climbing removes from steps: their horizontal displacement, m, the variance it adds to each
    /// axis, m², and the number of steps.
    struct Removed: Equatable {
        var eastMeters = 0.0
        var northMeters = 0.0
        var varianceSquareMeters = 0.0
        var steps = 0
    }

    /// How a step is to be taken.
    enum Verdict: Equatable {
        /// On level ground: its full length.
        case level
        /// Perhaps climbing: its full length, and the detector is told what climbing would remove (``remember(_:)``).
        case tentative
        /// Climbing: shortened; `catchUp` is what the stretch's earlier steps would have lost (nil when
        /// there is nothing to catch up).
        case climbing(catchUp: Removed?)
    }

    private var startHeightMeters: Double?
    private var confirmed = false
    private var pending = Removed()

    /// The verdict for a step at vertical speed `speed` and barometric height `heightMeters` (nil when
    /// unknown: then the speed alone decides, as it does `nearConnector`, which is asked only above the speed).
    mutating func classify(
        verticalSpeedMetersPerSecond speed: Double, heightMeters: Double?, nearConnector: @autoclosure () -> Bool,
        configuration: FusionConfiguration
    ) -> Verdict {
        guard abs(speed) > configuration.climbingVerticalSpeedMetersPerSecond else {
            reset()
            return .level
        }
        if confirmed { return .climbing(catchUp: nil) }
        let start = startHeightMeters ?? heightMeters
        startHeightMeters = start
        if !nearConnector(), let heightMeters, let start, abs(heightMeters - start) < configuration.climbingConfirmHeightMeters {
            return .tentative
        }
        confirmed = true
        let catchUp = pending.steps > 0 ? pending : nil
        pending = Removed()
        return .climbing(catchUp: catchUp)
    }

    /// Remembers what a ``Verdict/tentative`` step would have lost had it climbed.
    mutating func remember(_ removed: Removed) {
        pending.eastMeters += removed.eastMeters
        pending.northMeters += removed.northMeters
        pending.varianceSquareMeters += removed.varianceSquareMeters
        pending.steps += removed.steps
    }

    /// Forgets the current stretch (level ground, or a restart).
    mutating func reset() {
        startHeightMeters = nil
        confirmed = false
        pending = Removed()
    }
}
