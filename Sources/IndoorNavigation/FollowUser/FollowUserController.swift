import IndoorConfiguration
import IndoorGeometry
import IndoorPositioning

/// How the camera follows the user.
public enum FollowUserMode: String, Hashable, Sendable, CaseIterable {
    /// The camera stays where the user put it.
    case none
    /// The camera centres on the user.
    case follow
    /// The camera centres on the user and turns with their heading.
    case followWithHeading
}

/// What the map shows.
public struct CameraState: Hashable, Sendable {
    /// The map centre, venue frame, metres.
    public var center: LocalPoint
    /// Map rotation: the bearing at the top of the screen, radians clockwise from north.
    public var bearingRadians: Double
    /// Zoom level (web-map scale).
    public var zoom: Double
    /// The level whose map is displayed.
    public var displayedLevelID: String?

    /// A camera; north up, zoom 18 and no displayed level by default.
    public init(center: LocalPoint, bearingRadians: Double = 0, zoom: Double = 18, displayedLevelID: String? = nil) {
        self.center = center; self.bearingRadians = bearingRadians; self.zoom = zoom; self.displayedLevelID = displayedLevelID
    }
}

/// An input to the follow-user state machine.
public enum FollowUserInput: Hashable, Sendable {
    /// A new user location (its heading, when reliable, feeds heading mode too).
    case location(IndoorLocation)
    /// A compass heading, radians clockwise from north, with its one-sigma accuracy, at a time.
    case heading(radians: Double, accuracyRadians: Double, timeSeconds: Double)
    /// The user dragged the map to a new centre.
    case pan(to: LocalPoint)
    /// The user pinched to a new zoom.
    case zoom(to: Double)
    /// The user rotated the map to a new bearing.
    case rotate(toRadians: Double)
    /// The user chose a level to display.
    case selectLevel(String)
    /// The recenter button: back to following (with heading when that was asked for last).
    case recenter
    /// The mode button: none → follow → heading → follow.
    case modeButton
    /// Set a mode directly.
    case setMode(FollowUserMode)
}

/// Why the mode changed.
public enum ModeChangeReason: String, Hashable, Sendable {
    /// `requested` (a button or ``FollowUserInput/setMode(_:)``), `gesture` (pan, zoom, rotate),
    /// `levelSelected` (another level than the user's), `headingUnreliable`/`headingReliable` (heading mode's fallback).
    case requested, gesture, levelSelected, headingUnreliable, headingReliable
}

/// What the follow-user state machine reports.
public enum FollowUserEvent: Hashable, Sendable {
    /// The mode changed, and why.
    case modeChanged(from: FollowUserMode, to: FollowUserMode, reason: ModeChangeReason)
    /// The displayed level changed (the user changed level while followed, or a level was selected).
    case displayedLevelChanged(from: String?, to: String?)
}

/// Follow-user as one explicit state machine: `none`, `follow`, `followWithHeading`.
///
/// Rules: gestures (pan, zoom, rotate) drop to `none`; choosing a level other than the user's drops to
/// `none`; heading mode without a reliable heading falls back to `follow` and returns when the heading
/// is reliable again; while following, the displayed level follows the user's level (across
/// connectors). Pure value type: inputs in, events out, camera in ``camera``.
public struct FollowUserController: Hashable, Sendable {
    /// The validated tunables.
    public let configuration: FollowUserConfiguration
    /// The mode in effect.
    public private(set) var mode: FollowUserMode = .none
    /// Whether heading mode was asked for (kept while it falls back to `follow`).
    public private(set) var wantsHeading = false
    /// What the map should show now.
    public private(set) var camera: CameraState
    /// The latest user location fed in, if any.
    public private(set) var userLocation: IndoorLocation?
    private var heading: (radians: Double, accuracy: Double, time: Double)?
    private var latestTime = -Double.infinity

    /// A controller in mode `none` showing `camera`.
    /// - Throws: ``NavigationError/invalidConfiguration(field:reason:)`` for a tunable out of range.
    public init(camera: CameraState, configuration: FollowUserConfiguration = FollowUserConfiguration.standard) throws(NavigationError) {
        try configuration.checked()
        self.configuration = configuration
        self.camera = camera
    }

    /// Equal when mode, heading wish, camera and user location are.
    public static func == (a: FollowUserController, b: FollowUserController) -> Bool {
        a.mode == b.mode && a.wantsHeading == b.wantsHeading && a.camera == b.camera && a.userLocation == b.userLocation
    }
    /// Hashes mode and camera (consistent with `==`).
    public func hash(into hasher: inout Hasher) { hasher.combine(mode); hasher.combine(camera) }

    /// Whether the latest heading is accurate and recent enough to turn the map.
    public var hasReliableHeading: Bool {
        guard let heading else { return false }
        return heading.accuracy <= configuration.reliableHeadingAccuracyRadians
            && latestTime - heading.time <= configuration.maximumHeadingAgeSeconds
    }

    /// Applies one input and returns the events it caused.
    public mutating func handle(_ input: FollowUserInput) -> [FollowUserEvent] {
        var events: [FollowUserEvent] = []
        switch input {
        case .location(let location):
            guard location.isValid else { return [] }
            userLocation = location
            latestTime = max(latestTime, location.timeSeconds)
            if let h = location.headingRadians, let acc = location.headingAccuracyRadians, h.isFinite, acc.isFinite {
                heading = (h, acc, location.timeSeconds)
            }
        case .heading(let radians, let accuracy, let time):
            guard radians.isFinite, accuracy.isFinite, time.isFinite else { return [] }
            heading = (radians, accuracy, time)
            latestTime = max(latestTime, time)
        case .pan(let center):
            camera.center = center
            events += setMode(.none, reason: .gesture)
            return events
        case .zoom(let zoom):
            if zoom.isFinite { camera.zoom = zoom }
            events += setMode(.none, reason: .gesture)
            return events
        case .rotate(let bearing):
            if bearing.isFinite { camera.bearingRadians = Angle.normalizedPositive(bearing) }
            events += setMode(.none, reason: .gesture)
            return events
        case .selectLevel(let level):
            events += showLevel(level)
            if let userLevel = userLocation?.levelID, userLevel != level { events += setMode(.none, reason: .levelSelected) }
            return events
        case .recenter:
            events += startFollowing(withHeading: wantsHeading)
        case .modeButton:
            switch mode {
            case .none: events += startFollowing(withHeading: false)
            case .follow: events += startFollowing(withHeading: true)
            case .followWithHeading: events += startFollowing(withHeading: false)
            }
        case .setMode(let m):
            if m == .none {
                events += setMode(.none, reason: .requested)
            } else {
                events += startFollowing(withHeading: m == .followWithHeading)
            }
        }
        events += applyHeadingFallback()
        events += follow()
        return events
    }

    private mutating func startFollowing(withHeading: Bool) -> [FollowUserEvent] {
        wantsHeading = withHeading
        camera.zoom = max(camera.zoom, configuration.followZoom)
        let target: FollowUserMode = withHeading && hasReliableHeading ? .followWithHeading : .follow
        return setMode(target, reason: .requested)
    }

    /// Heading mode needs a reliable heading: fall back to follow, and come back when it is reliable.
    private mutating func applyHeadingFallback() -> [FollowUserEvent] {
        if mode == .followWithHeading, !hasReliableHeading { return setMode(.follow, reason: .headingUnreliable) }
        if mode == .follow, wantsHeading, hasReliableHeading { return setMode(.followWithHeading, reason: .headingReliable) }
        return []
    }

    /// Moves the camera to the user (and turns it with the heading) while following.
    private mutating func follow() -> [FollowUserEvent] {
        guard mode != .none, let user = userLocation else { return [] }
        camera.center = user.point
        if mode == .followWithHeading, let heading { camera.bearingRadians = Angle.normalizedPositive(heading.radians) }
        if let level = user.levelID { return showLevel(level) }
        return []
    }

    private mutating func showLevel(_ level: String) -> [FollowUserEvent] {
        guard camera.displayedLevelID != level else { return [] }
        let old = camera.displayedLevelID
        camera.displayedLevelID = level
        return [.displayedLevelChanged(from: old, to: level)]
    }

    private mutating func setMode(_ new: FollowUserMode, reason: ModeChangeReason) -> [FollowUserEvent] {
        if new == .none { wantsHeading = false }
        guard new != mode else { return [] }
        let old = mode
        mode = new
        return [.modeChanged(from: old, to: new, reason: reason)]
    }
}
