import IndoorRecordings

/// What a provider contributes to the fusion filter, by kind: the engine handles each kind the same way
/// whichever provider made it, and never asks a provider's name.
public enum FusionInput: Sendable {
    /// Relative motion: steps with their length and heading (predicts the state).
    case steps([StepEvent])
    /// An absolute fix with its covariance (gated and fused; its level, when it names one, goes to the
    /// level filter with the fix's level probability).
    case fix(IndoorLocation)
    /// An absolute fix that summarises a likelihood over places (a radio scan under a signal model): the
    /// Kalman filter fuses the fix as ``fix(_:)`` does; the map matcher's particles, where they run, are
    /// weighed by the likelihood itself, with its many peaks, instead of the fix's Gaussian.
    case likelihood(IndoorLocation, any PlaceLikelihood)
    /// Level evidence only (the fix's level and probability; its position is not used).
    case levelEvidence(IndoorLocation)
    /// Ranges to beacons (each gated and fused).
    case ranges([BeaconRange])
    /// A barometer reading, hPa (level filter).
    case pressure(hectopascals: Double, timeSeconds: Double)

    /// The kinds, for what a provider declares it yields (``IndoorLocationProvider/yields``).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// ``FusionInput/steps(_:)``.
        case steps
        /// ``FusionInput/fix(_:)``.
        case fix
        /// ``FusionInput/likelihood(_:_:)``.
        case likelihood
        /// ``FusionInput/levelEvidence(_:)``.
        case levelEvidence
        /// ``FusionInput/ranges(_:)``.
        case ranges
        /// ``FusionInput/pressure(hectopascals:timeSeconds:)``.
        case pressure
    }

    /// This input's kind.
    public var kind: Kind {
        switch self {
        case .steps: .steps
        case .fix: .fix
        case .likelihood: .likelihood
        case .levelEvidence: .levelEvidence
        case .ranges: .ranges
        case .pressure: .pressure
        }
    }
}

/// What a provider may know of the fusion's state when it consumes a sample.
public struct ProviderContext {
    /// Whether the engine has been started.
    public var isStarted: Bool
    /// The most probable level (index into the engine's level candidates), when known.
    public var levelIndex: Int?
    /// That level's floor number, when known.
    public var floorNumber: Double?
    private let estimateReader: (() -> PositionEstimate?)?

    /// The fused position and its covariance (local frame, m²) when started: the prior a source may
    /// weigh its candidates by (see ``FingerprintMatcher``). Read from the engine when asked (element by
    /// element, no copy of the filter's state), so providers that do not need it pay nothing.
    public var estimate: PositionEstimate? { estimateReader?() }

    /// A context; `estimate` is called when a source asks for the fused position.
    public init(
        isStarted: Bool, levelIndex: Int? = nil, floorNumber: Double? = nil, estimate: (() -> PositionEstimate?)? = nil
    ) {
        self.isStarted = isStarted
        self.levelIndex = levelIndex
        self.floorNumber = floorNumber
        self.estimateReader = estimate
    }
}
