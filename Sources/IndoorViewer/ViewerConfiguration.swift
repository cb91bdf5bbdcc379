import IndoorConfiguration

/// How a viewer page is built. The numeric settings, with their units, defaults and ranges, are in
/// ``tunables`` (`indoornav config viewer`; the module README's table is generated from it); besides them
/// `title` (nil = the venue's name), `languages` (first preferred; empty = the venue's default) and `live`
/// (service polling, ``Live``; nil = a static file).
public struct ViewerConfiguration: Sendable {
    /// The page's live part: the venue list, the route form and polled sessions of a running service.
    public struct Live: Sendable, Equatable {
        /// The venue shown (its id in the service).
        public var venueID: String
        /// Every venue of the service (id, display name), for the venue switcher.
        public var venues: [(id: String, name: String)]
        /// Seconds between session polls, 0.2–60.
        public var pollIntervalSeconds: Double
        /// The shown venue's direction modes, offered by the route form (the service passes the
        /// built-in ones and the venue's own).
        public var directionModes: [String]

        /// A live configuration.
        public init(
            venueID: String, venues: [(id: String, name: String)], pollIntervalSeconds: Double = 1,
            directionModes: [String] = ["default", "accessible"]
        ) {
            self.venueID = venueID; self.venues = venues; self.pollIntervalSeconds = pollIntervalSeconds
            self.directionModes = directionModes
        }

        /// Same venue, venues (ids and names, in order) and interval.
        public static func == (a: Live, b: Live) -> Bool {
            a.venueID == b.venueID && a.pollIntervalSeconds == b.pollIntervalSeconds && a.directionModes == b.directionModes
                && a.venues.map(\.id) == b.venues.map(\.id) && a.venues.map(\.name) == b.venues.map(\.name)
        }
    }

    /// The page title (nil = the venue's name).
    public var title: String?
    /// Preferred languages of names.
    public var languages: [String] = []
    /// Size of the longer side of the drawing, SVG user units.
    public var canvasPixels: Double = 1600
    /// Space kept around the venue and the data, metres.
    public var marginMeters: Double = 3
    /// Size of the room labels, SVG user units when a level fills the canvas (scaled down for levels
    /// smaller than the venue; they grow with the zoom up to 13 screen pixels).
    public var labelPixels: Double = 16
    /// The live part (nil for a static file).
    public var live: Live?

    /// The configuration after checking every range (``tunables``) and the live part.
    /// - Throws: ``ViewerError/invalidConfiguration(field:reason:)`` naming the first bad field.
    public func validated() throws(ViewerError) -> ViewerConfiguration {
        do { try validate() } catch { throw .invalidConfiguration(field: error.field, reason: error.reason) }
        if let live {
            guard live.pollIntervalSeconds.isFinite, (0.2...60).contains(live.pollIntervalSeconds) else {
                throw .invalidConfiguration(field: "live.pollIntervalSeconds", reason: "must be 0.2–60 s, got \(live.pollIntervalSeconds)")
            }
            guard !live.venueID.isEmpty else { throw .invalidConfiguration(field: "live.venueID", reason: "must not be empty") }
        }
        return self
    }
}

/// Why a viewer page cannot be built.
public enum ViewerError: Error, Equatable, CustomStringConvertible {
    /// A configuration value out of range.
    case invalidConfiguration(field: String, reason: String)
    /// A route given to the viewer is not in the route JSON schema (`field` is the JSON path).
    case badRoute(field: String, reason: String)
    /// The venue has no level to show.
    case noLevels(venueID: String)

    /// What is wrong, naming the field.
    public var description: String {
        switch self {
        case .invalidConfiguration(let f, let r): "viewer configuration: \(f): \(r)"
        case .badRoute(let f, let r): "route JSON: \(f): \(r)"
        case .noLevels(let id): "venue '\(id)' has no level to show"
        }
    }
}
