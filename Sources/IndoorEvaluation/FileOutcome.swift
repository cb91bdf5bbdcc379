import IndoorPositioning

/// One scored file of an evaluation run: its fused run (`eval`), or its providers' scores
/// (`eval-providers`), with what names it.
public struct FileOutcome {
    /// The file's path as given.
    public var file: String
    /// The format it was read in (`canonical`, `ilc`, `ipin`, `receiver-track`).
    public var dataset: String
    /// The run through the fusion, scored against the truth (nil when only the providers were scored).
    public var replay: FusionReplay?
    /// The cross-validation fold the file's radio map left out.
    public var fold: Int?
    /// The walk navigated along its own truth (`eval --navigate`).
    public var navigation: WalkNavigation.Outcome?
    /// Samples in the file.
    public var samples = 0
    /// Seconds from the first to the last sample.
    public var durationSeconds = 0.0
    /// `floor` when ILC waypoints were scored in the floor plan's own frame, else `local`.
    public var frame = "local"
    /// The dead-reckoning provider alone against the truth.
    public var deadReckoning: DeadReckoningScore?
    /// The beacon provider alone against the truth.
    public var beacon: BeaconScore?
    /// The satellite fixes against the truth.
    public var gnss: SatelliteScore?

    /// An outcome of `file` read as `dataset`, with its fused run when there is one.
    public init(file: String, dataset: String, replay: FusionReplay? = nil, fold: Int? = nil) {
        self.file = file
        self.dataset = dataset
        self.replay = replay
        self.fold = fold
    }
}
