import IndoorConfiguration

/// Tunables of follow-user (``FollowUserController``): defaults, units and ranges are in ``tunables``
/// (the table in the module README is generated from it); the controller validates it when made.
public struct FollowUserConfiguration: Hashable, Sendable {
    /// A heading is reliable when its accuracy is at most this, radians (30° by default).
    public var reliableHeadingAccuracyRadians = 0.52
    /// A heading older than this (seconds, by location/heading times) is no longer reliable.
    public var maximumHeadingAgeSeconds = 5.0
    /// Zoom set when following starts, if the camera is zoomed out further.
    public var followZoom = 19.0
}

extension FollowUserConfiguration: TunableConfiguration {
    /// The defaults (see each property and ``tunables``).
    public static let standard = FollowUserConfiguration(defaults: ())
    private init(defaults: Void) {}

    /// "follow-user" in messages and on the command line.
    public static let configurationName = "follow-user"

    /// The one table of follow-user's tunables.
    public static let tunables: [Tunable<FollowUserConfiguration>] = [
        Tunable(\.reliableHeadingAccuracyRadians, unit: "rad", range: 0.01...Double.pi, "a heading this accurate turns the map"),
        Tunable(\.maximumHeadingAgeSeconds, unit: "s", range: 0.1...60, "an older heading is no longer reliable"),
        Tunable(\.followZoom, unit: "", range: 1...24, "zoom set when following starts"),
    ]

    /// ``validate()`` as the module's error.
    func checked() throws(NavigationError) {
        do { try validate() } catch { throw NavigationError(error) }
    }
}
