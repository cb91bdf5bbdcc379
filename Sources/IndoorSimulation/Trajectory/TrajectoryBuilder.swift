import Foundation
import IndoorGeometry
import IndoorVenue

/// One move of a planned path: to the next route vertex, through a connector when the level changes.
struct PathMove: Hashable, Sendable {
    var to: LocalPoint
    var levelIndex: Int
    /// The connector used, for moves between levels.
    var connector: ConnectorKind?
}

/// Appends trajectory pieces one motion at a time, keeping the walker's current time, place, level,
/// elevation and heading; assigns steps at the end.
struct TrajectoryBuilder {
    let walker: WalkerConfiguration
    let levelElevations: [Double]
    /// Whether a point is walkable on a level (index); used to lay out stair flights. `nil`: everywhere.
    let isWalkable: ((LocalPoint, Int) -> Bool)?
    private(set) var pieces: [TrajectoryPiece] = []
    private(set) var timeSeconds = 0.0
    private(set) var position: LocalPoint
    private(set) var levelIndex: Int
    private(set) var elevationMeters: Double
    private(set) var headingRadians: Double

    init(
        walker: WalkerConfiguration, levelElevations: [Double], start: LocalPoint, levelIndex: Int, headingRadians: Double,
        isWalkable: ((LocalPoint, Int) -> Bool)? = nil
    ) {
        self.walker = walker
        self.levelElevations = levelElevations
        self.isWalkable = isWalkable
        position = start
        self.levelIndex = levelIndex
        elevationMeters = levelElevations[levelIndex]
        self.headingRadians = headingRadians
    }

    /// The first horizontal direction of travel in `moves` (north when there is none), radians.
    static func initialHeading(from start: LocalPoint, moves: [PathMove]) -> Double {
        var at = start
        for move in moves {
            if at.distance(to: move.to) > 1e-6 { return at.bearingRadians(to: move.to) }
            at = move.to
        }
        return 0
    }

    /// Stands still for `seconds` (motion `.standing` unless given).
    mutating func stand(seconds: Double, motion: WalkerMotion = .standing, isDeviation: Bool = false) {
        guard seconds > 0 else { return }
        append(motion: motion, to: position, levelIndex: levelIndex, durationSeconds: seconds, isDeviation: isDeviation)
    }

    /// Follows `moves` from the current place: walking on a level, connectors between levels.
    mutating func follow(_ moves: [PathMove]) {
        for move in moves {
            if let kind = move.connector, move.levelIndex != levelIndex {
                ride(kind, to: move.to, levelIndex: move.levelIndex)
            } else {
                walk(to: move.to, isDeviation: false)
            }
        }
    }

    /// Walks straight to `point` on the current level.
    mutating func walk(to point: LocalPoint, isDeviation: Bool) {
        let distance = position.distance(to: point)
        guard distance > 1e-9 else { return }
        append(
            motion: .walking, to: point, levelIndex: levelIndex, durationSeconds: distance / walker.walkingSpeedMetersPerSecond,
            isDeviation: isDeviation)
    }

    /// Takes a connector to `point` on another level.
    private mutating func ride(_ kind: ConnectorKind, to point: LocalPoint, levelIndex target: Int) {
        let run = position.distance(to: point)
        let climb = abs(levelElevations[target] - elevationMeters)
        func inclined(_ inclineDegrees: Double) -> Double {
            // Along the incline: at least the straight 3-D line, at least what the incline needs for the climb.
            max((run * run + climb * climb).squareRoot(), climb / sin(inclineDegrees * Double.pi / 180))
        }
        switch kind {
        case .elevator, .elevatorBank, .carLift:
            if pieces.last?.motion != .elevatorRide { stand(seconds: walker.elevatorWaitSeconds, motion: .elevatorWait) }
            let ride = climb / walker.elevatorSpeedMetersPerSecond + walker.elevatorRampSeconds
            append(motion: .elevatorRide, to: point, levelIndex: target, durationSeconds: max(ride, 0.5), isDeviation: false)
        case .escalator:
            append(
                motion: .escalator, to: point, levelIndex: target,
                durationSeconds: max(inclined(walker.escalatorInclineDegrees) / walker.escalatorSpeedMetersPerSecond, 0.5),
                isDeviation: false)
        case .ramp, .pedestrianRamp, .driveRamp:
            let length = (run * run + climb * climb).squareRoot()
            append(
                motion: .ramp, to: point, levelIndex: target,
                durationSeconds: max(length / walker.walkingSpeedMetersPerSecond, 0.5), isDeviation: false)
        case .stairs, .connector:
            climbStairs(to: point, levelIndex: target)
        }
    }

    /// Stairs: the walker steps forward while climbing, one tread (run = rise / tan incline) per riser.
    /// When the connector's ends are closer than that run (a stacked stairwell, where every level's entry
    /// lies at the same place), the flight is a switchback: out from the entry for half the run, turn at
    /// the landing (the level changes there, halfway up), and back to the exit.
    private mutating func climbStairs(to point: LocalPoint, levelIndex target: Int) {
        let speed = walker.walkingSpeedMetersPerSecond * walker.stairsSpeedFactor
        let incline = walker.stairsInclineDegrees * Double.pi / 180
        let run = position.distance(to: point)
        let startElevation = elevationMeters
        let climb = levelElevations[target] - startElevation
        let neededRun = abs(climb) / tan(incline)
        func alongIncline(_ horizontal: Double, _ rise: Double) -> Double { (horizontal * horizontal + rise * rise).squareRoot() }
        if run < neededRun / 2, let landing = landingPoint(forRunMeters: neededRun) {
            let out = position.distance(to: landing), back = landing.distance(to: point)
            let landingElevation = startElevation + climb * out / (out + back)
            append(
                motion: .stairs, to: landing, levelIndex: levelIndex,
                durationSeconds: max(alongIncline(out, landingElevation - startElevation) / speed, 0.5), isDeviation: false,
                endElevationMeters: landingElevation)
            levelIndex = target  // the reported level changes at the landing, halfway up
            append(
                motion: .stairs, to: point, levelIndex: target,
                durationSeconds: max(alongIncline(back, levelElevations[target] - landingElevation) / speed, 0.5), isDeviation: false)
            return
        }
        // Along the incline: at least the straight 3-D line, at least what the incline needs for the climb.
        let length = max(alongIncline(run, climb), abs(climb) / sin(incline))
        append(motion: .stairs, to: point, levelIndex: target, durationSeconds: max(length / speed, 0.5), isDeviation: false)
    }

    /// Where the landing of a switchback flight with horizontal run `runMeters` lies: half the run from the
    /// entry, straight on if walkable, else to either side or back; the longest walkable reach when no
    /// direction has the full length. `nil` when no direction has at least 1 m of walkable space.
    private func landingPoint(forRunMeters runMeters: Double) -> LocalPoint? {
        let wanted = runMeters / 2
        guard wanted >= 0.5 else { return nil }
        let margin = 0.3
        var best: (point: LocalPoint, reach: Double)?
        for turn in [0.0, Double.pi / 2, -Double.pi / 2, Double.pi] {
            let bearing = headingRadians + turn
            let dx = sin(bearing), dy = cos(bearing)
            var reach = 0.0
            let probeStep = 0.25
            while reach < wanted + margin {
                let next = reach + probeStep
                let probe = LocalPoint(x: position.x + dx * next, y: position.y + dy * next)
                if let isWalkable, !isWalkable(probe, levelIndex) { break }
                reach = next
            }
            let usable = min(wanted, reach - margin)
            if usable >= wanted - 1e-9 { return LocalPoint(x: position.x + dx * wanted, y: position.y + dy * wanted) }
            if usable >= 1, usable > (best?.reach ?? 0) {
                best = (LocalPoint(x: position.x + dx * usable, y: position.y + dy * usable), usable)
            }
        }
        return best?.point
    }

    private mutating func append(
        motion: WalkerMotion, to point: LocalPoint, levelIndex target: Int, durationSeconds: Double, isDeviation: Bool,
        endElevationMeters: Double? = nil
    ) {
        let endElevation = endElevationMeters ?? levelElevations[target]
        let start = timeSeconds
        let end = start + durationSeconds
        var heading = headingRadians
        var turnEnd = start
        if position.distance(to: point) > 1e-6 {
            // Unwrapped: turn the short way round, at the configured rate (faster if the piece is shorter).
            heading = headingRadians + Angle.normalized(position.bearingRadians(to: point) - headingRadians)
            let turnSeconds = abs(heading - headingRadians) / (walker.turnRateDegreesPerSecond * Double.pi / 180)
            turnEnd = start + min(turnSeconds, durationSeconds)
        }
        pieces.append(
            TrajectoryPiece(
                motion: motion, startSeconds: start, endSeconds: end, start: position, end: point,
                startLevelIndex: levelIndex, endLevelIndex: target, startElevationMeters: elevationMeters,
                endElevationMeters: endElevation, initialHeadingRadians: headingRadians, headingRadians: heading,
                turnEndSeconds: turnEnd, stepFrequencyHz: 0, stepPhaseAtStart: 0, isDeviation: isDeviation))
        timeSeconds = end
        position = point
        levelIndex = target
        elevationMeters = endElevation
        headingRadians = heading
    }

    /// Drops everything after `t` (cutting the piece that contains it) and continues from there.
    mutating func truncate(atSeconds t: Double) {
        guard t < timeSeconds else { return }
        while pieces.count > 1, let last = pieces.last, last.startSeconds >= t { pieces.removeLast() }
        if let last = pieces.popLast() {
            let cut = last.truncated(atSeconds: t)
            if cut.durationSeconds > 0 { pieces.append(cut) }
            timeSeconds = t
            position = cut.end
            levelIndex = cut.endLevelIndex
            elevationMeters = cut.endElevationMeters
            headingRadians = cut.headingRadians
        }
    }

    /// Gives every stretch of consecutive stepping pieces a whole number of steps at (close to)
    /// `frequencyHz`, so each stretch starts and ends between steps; returns the pieces and the step count.
    func withSteps(frequencyHz: Double) -> (pieces: [TrajectoryPiece], stepCount: Int) {
        var out = pieces
        var phase = 0.0
        var i = 0
        while i < out.count {
            guard out[i].motion.isStepping else {
                out[i].stepPhaseAtStart = phase
                i += 1
                continue
            }
            var j = i
            while j < out.count, out[j].motion.isStepping { j += 1 }
            let duration = out[j - 1].endSeconds - out[i].startSeconds
            let steps = duration > 0 ? max(1, (duration * frequencyHz).rounded()) : 0
            let frequency = duration > 0 ? steps / duration : 0
            for k in i..<j {
                out[k].stepFrequencyHz = frequency
                out[k].stepPhaseAtStart = phase + frequency * (out[k].startSeconds - out[i].startSeconds)
            }
            phase += steps
            i = j
        }
        return (out, Int(phase.rounded()))
    }
}
