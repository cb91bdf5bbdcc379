import Foundation
import IndoorGeometry

/// What the simulated walker is doing.
public enum WalkerMotion: String, Hashable, Sendable, CaseIterable {
    /// Standing still (start, end, turnarounds, after a deviation).
    case standing
    /// Walking on one level.
    case walking
    /// Climbing or descending stairs (stepping).
    case stairs
    /// Walking up or down a ramp (stepping).
    case ramp
    /// Standing on a moving escalator (no steps).
    case escalator
    /// Waiting for an elevator (no steps).
    case elevatorWait
    /// Riding an elevator (no steps; vertical acceleration at both ends).
    case elevatorRide

    /// Whether the walker takes steps.
    public var isStepping: Bool { self == .walking || self == .stairs || self == .ramp }
}

/// One stretch of the ground-truth trajectory with a single motion: straight from `start` to `end` at
/// constant horizontal speed, the elevation moving linearly (or, in an elevator, smoothly) between the
/// two levels' heights.
///
/// Positions are in the venue's local frame (metres east/north); headings are radians clockwise from
/// north, *unwrapped* (they may leave [0, 2π) so that a turn is a plain linear ramp).
public struct TrajectoryPiece: Hashable, Sendable {
    /// What the walker does.
    public var motion: WalkerMotion
    /// Start time, s from the recording start.
    public var startSeconds: Double
    /// End time, s.
    public var endSeconds: Double
    /// Where the piece starts (local frame).
    public var start: LocalPoint
    /// Where it ends (local frame).
    public var end: LocalPoint
    /// Level index (into `Venue.levels`) at the start.
    public var startLevelIndex: Int
    /// Level index at the end (differs from the start on connectors).
    public var endLevelIndex: Int
    /// Floor height at the start, m (the level's `elevationMeters`).
    public var startElevationMeters: Double
    /// Floor height at the end, m.
    public var endElevationMeters: Double
    /// Heading when the piece starts, unwrapped radians clockwise from north.
    public var initialHeadingRadians: Double
    /// Heading once the turn into this piece is done.
    public var headingRadians: Double
    /// When the turn into this piece ends (≤ `endSeconds`).
    public var turnEndSeconds: Double
    /// Steps per second while on this piece (0 when not stepping).
    public var stepFrequencyHz: Double
    /// Steps completed before the piece starts (its integer part counts whole steps).
    public var stepPhaseAtStart: Double
    /// Whether the piece leaves the planned route (a deviation).
    public var isDeviation: Bool

    /// Duration, s.
    public var durationSeconds: Double { endSeconds - startSeconds }

    /// The walker's state at `t` (clamped to the piece).
    public func state(atSeconds t: Double) -> WalkerState {
        let duration = endSeconds - startSeconds
        let clamped = min(max(t, startSeconds), endSeconds)
        let s = duration > 0 ? (clamped - startSeconds) / duration : 1
        let position = LocalPoint(x: start.x + (end.x - start.x) * s, y: start.y + (end.y - start.y) * s)
        let climb = endElevationMeters - startElevationMeters
        var elevation = startElevationMeters + climb * s
        var verticalAcceleration = 0.0
        if motion == .elevatorRide, duration > 0 {
            // Smooth ride: h(s) = h₀ + Δh·(1 − cos πs)/2, so ḧ = Δh·π²/(2T²)·cos πs (zero speed at both ends).
            elevation = startElevationMeters + climb * (1 - cos(Double.pi * s)) / 2
            verticalAcceleration = climb * Double.pi * Double.pi / (2 * duration * duration) * cos(Double.pi * s)
        }
        var heading = headingRadians
        var headingRate = 0.0
        if clamped < turnEndSeconds, turnEndSeconds > startSeconds {
            headingRate = (headingRadians - initialHeadingRadians) / (turnEndSeconds - startSeconds)
            heading = initialHeadingRadians + headingRate * (clamped - startSeconds)
        }
        let level = startLevelIndex == endLevelIndex || s < 0.5 ? startLevelIndex : endLevelIndex
        return WalkerState(
            position: position, levelIndex: level, elevationMeters: elevation,
            verticalAccelerationMetersPerSecondSquared: verticalAcceleration,
            headingRadians: Angle.normalizedPositive(heading), headingRateRadiansPerSecond: headingRate,
            motion: motion, stepPhase: stepPhaseAtStart + stepFrequencyHz * (clamped - startSeconds),
            isOffRoute: isDeviation)
    }

    /// A copy ending at `t` (between start and end), with its end point and elevation where the walker is then.
    func truncated(atSeconds t: Double) -> TrajectoryPiece {
        let state = state(atSeconds: t)
        var copy = self
        copy.end = state.position
        copy.endElevationMeters = state.elevationMeters
        if copy.motion == .elevatorRide || startLevelIndex != endLevelIndex { copy.endLevelIndex = state.levelIndex }
        copy.endSeconds = t
        copy.turnEndSeconds = min(turnEndSeconds, t)
        if turnEndSeconds > t, turnEndSeconds > startSeconds {
            copy.headingRadians =
                initialHeadingRadians + (headingRadians - initialHeadingRadians) * (t - startSeconds) / (turnEndSeconds - startSeconds)
        }
        return copy
    }
}

/// Where the walker is and what it does at one instant.
public struct WalkerState: Hashable, Sendable {
    /// Position in the venue's local frame.
    public var position: LocalPoint
    /// Index into `Venue.levels` (on a connector: the start level for its first half, then the end level).
    public var levelIndex: Int
    /// Height of the walker's feet above the venue's ground level, m.
    public var elevationMeters: Double
    /// Vertical acceleration of the body besides steps (elevator rides), m/s², up positive.
    public var verticalAccelerationMetersPerSecondSquared: Double
    /// Heading of the body and phone, radians clockwise from north in [0, 2π).
    public var headingRadians: Double
    /// Rate of change of the heading, rad/s, clockwise positive.
    public var headingRateRadiansPerSecond: Double
    /// What the walker does.
    public var motion: WalkerMotion
    /// Step phase in cycles: the integer part is the number of steps completed.
    public var stepPhase: Double
    /// Whether the walker has left the planned route.
    public var isOffRoute: Bool
}
