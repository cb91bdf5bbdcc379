import IndoorConfiguration
import IndoorGeometry
import IndoorPositioning
import IndoorRecordings
import IndoorVenue

/// What a recording is run with when it is scored, replayed or surveyed on its own track: the venue
/// (or the beacons) that set its frame and levels, the fusion and provider configurations, and which
/// providers take part. ``RecordingPipeline`` builds the pipeline from it.
public struct EvaluationSettings {
    /// Storey height assumed between the floors of a venue-less recording, metres: a low typical storey
    /// (a barometric change of about half of it already suggests the next floor). Venues give real elevations.
    public static let venuelessStoreyHeightMeters = 3.0

    /// The venue: frame, levels, walls and floor plan (nil: levels from the beacons' floors).
    public var venue: Venue?
    /// The beacons (nil: no beacon provider).
    public var registry: BeaconRegistry?
    /// The engine's configuration.
    public var fusion: FusionConfiguration
    /// Storey height between the floors of a venue-less recording, metres.
    public var storeyHeightMeters: Double
    /// Whether the beacon provider takes part (when there is a registry).
    public var useBeacons: Bool
    /// Whether the satellite provider takes part (when there is a frame).
    public var useGNSS = true
    /// How fingerprints are matched against a radio map.
    public var fingerprint = FingerprintConfiguration.standard
    /// Manual fixes fused through a manual provider (nil: none).
    public var manualFixes: [IndoorLocation]?
    /// The step and heading models.
    public var deadReckoning = DeadReckoningConfiguration.standard
    /// The venue's walkability raster for the map matcher, built once and shared by every file's engine.
    public var floorPlan: WalkabilityRaster?
    /// Also smooth each recording offline with these settings and score the smoothed track beside the
    /// live one; nil = live only.
    public var offline: FusionSmoothingConfiguration?

    /// Settings with the standard fusion (venue storey height ``venuelessStoreyHeightMeters``, beacons used).
    public init(
        venue: Venue?, registry: BeaconRegistry?, fusion: FusionConfiguration = .standard,
        storeyHeightMeters: Double = EvaluationSettings.venuelessStoreyHeightMeters, useBeacons: Bool = true
    ) {
        self.venue = venue
        self.registry = registry
        self.fusion = fusion
        self.storeyHeightMeters = storeyHeightMeters
        self.useBeacons = useBeacons
    }

    /// Checks every configuration the providers and the engine are built from (the fusion's with its map
    /// matcher, the dead-reckoning, fingerprint and smoothing ones) against their tables, since their
    /// fields are plain properties that may have changed since they were built.
    /// - Throws: ``ConfigurationError`` naming the configuration and the field.
    public func validate() throws(ConfigurationError) {
        try fusion.validate()
        try deadReckoning.validate()
        try fingerprint.validate()
        try offline?.validate()
    }

    /// Builds ``floorPlan`` from the venue when the fusion uses the map matcher.
    public mutating func prepareFloorPlan() {
        guard let venue, let mapMatching = fusion.mapMatching else { return }
        floorPlan = venue.spatialIndex.walkabilityRaster(cellSizeMeters: mapMatching.cellSizeMeters)
    }
}
