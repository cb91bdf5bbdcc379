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
