import Foundation
import IndoorConfiguration
import IndoorEstimation
import IndoorGeometry
import IndoorVenue

/// Fuses dead-reckoning steps, absolute fixes (beacons, manual, any provider), pressure and the map
/// into one location with its covariance, level and heading.
///
/// **State** (``FusionState``): x = [east m, north m, heading bias b rad, stride scale s], an extended
/// Kalman filter on the GSL ``KalmanFilter``.
///
/// **Predict** per step (length L ± σ_L, heading h ± σ_h): with θ = h + b,
/// east += s·L·sin θ, north += s·L·cos θ; F = ∂f/∂x; Q = J diag(σ_L², (f·σ_h)²) Jᵀ + q² I on the position
/// (J = ∂Δ/∂(L, h), f = ``FusionConfiguration/stepHeadingNoiseFraction``) plus random walks on b and s.
///
/// **Map**: a step whose end is not walkable on the current level is turned or shortened to a walkable
/// point (``WalkableAreaConstraint``), fused as a position pseudo-measurement with
/// ``FusionConfiguration/wallCorrectionSigmaMeters`` (so repeated wall hits also teach the heading bias), and
/// the position is set to that point if the update alone did not reach walkable space.
///
/// **Floor-plan heading**: while the steps go straight near one of the level's main directions
/// (``DominantDirections``), the heading bias is pulled towards it (``FusionConfiguration/alignHeadingToFloorPlan``).
///
/// **Fixes** (``update(with:)``): z = the fix's point, R = its covariance (as the source made it — a
/// ``BeaconRangeProvider`` widens beacon fixes by ``FusionConfiguration/beaconCovarianceScale`` — widened to
/// ``FusionConfiguration/minimumFixSigmaMeters``), χ² gated. A fix older
/// than the newest step is moved forward by the displacement of the steps taken since its time, and R
/// grows by those steps' process noise (the steps of the last ``FusionConfiguration/maximumFixDelaySeconds``
/// are kept for this); an older fix is rejected as `tooOld`. Every rejection is returned and counted.
///
/// **Levels**: a ``LevelEstimator`` (when levels are known) is fed pressure, the fixes' levels and the
/// position, and gives the level and its probability.
///
/// Not `Sendable` (one engine per session); no clock, no randomness: time comes with every input.
public final class FusionEngine {
    /// The tunables.
    public let configuration: FusionConfiguration
    /// The venue, when known (map constraint, level ids).
    public let venue: Venue?
    /// Counters of steps, fixes, rejections and corrections.
    public internal(set) var statistics = FusionStatistics()
    /// The level filter, when levels are known.
    public internal(set) var levelEstimator: LevelEstimator?
    /// Time of the newest input applied, seconds.
    public internal(set) var timeSeconds: Double?
    /// Heading of the last step plus the learnt bias, radians clockwise from north.
    public internal(set) var headingRadians: Double?
    /// One-sigma of ``headingRadians``.
    public internal(set) var headingSigmaRadians: Double?

    var filter: KalmanFilter?
    /// The candidate levels (the venue's levels, or those given at init).
    public internal(set) var levelCandidates: [LevelCandidate]
    let constraint: WalkableAreaConstraint?
    /// The floor plan's main directions per level (with a venue).
    let dominantDirections: DominantDirections?
    /// Raw headings of the last steps (for the straight-walk test of the floor-plan alignment).
    var recentStepHeadings: [Double] = []
    /// Recent steps: time, displacement and its process noise (for late fixes).
    var recentSteps: [(timeSeconds: Double, east: Double, north: Double, noise: Covariance2D)] = []
    var startTimeSeconds: Double?
    /// Learnt covariance factor per fix source (see ``FusionConfiguration/fixScaleLearningRate``).
    public internal(set) var adaptiveFixScale: [String: Double] = [:]
    var fallbackLevelIndex: Int?
    /// The particle map matcher, with a venue and ``FusionConfiguration/mapMatching`` (after start).
    var matcher: ParticleMapMatcher?
    /// Which steps climb (``predict(with:)``).
    var climbs = ClimbDetector()
    /// The rasterized floor plan the map matcher weighs steps on (with a venue and map matching).
    public let floorPlan: WalkabilityRaster?
    /// Records what offline smoothing needs (``FusionSmoothingRecorder``); nil (the default) records
    /// nothing. Set it before ``start(at:levelIndex:levelConfiguration:)``; it does not change the live output.
    public var smoothingRecorder: FusionSmoothingRecorder?

    /// An engine over `venue` (its levels and walkable area) or over explicit `levels` (no map constraint).
    /// With `venue`, `levels` defaults to the venue's levels with their connectors.
    /// - Parameters:
    ///   - floorPlan: the venue's walkability raster for the map matcher
    ///     (`venue.spatialIndex.walkabilityRaster(cellSizeMeters:)` at ``MapMatchingConfiguration/cellSizeMeters``);
    ///     built here when `nil` and needed. Pass one to share it between engines on the same venue.
    ///   - walkedDirections: main walking directions per level (index into `levels`) for the heading
    ///     alignment where there is no venue (``RadioMap/walkedDirections(levels:venue:)``); a venue's floor
    ///     plan takes precedence.
    public init(
        configuration: FusionConfiguration = .standard, venue: Venue? = nil, levels: [LevelCandidate]? = nil,
        floorPlan: WalkabilityRaster? = nil, walkedDirections: DominantDirections? = nil
    ) {
        self.configuration = configuration
        self.venue = venue
        levelCandidates = levels ?? venue.map(LevelCandidate.levels(of:)) ?? []
        constraint = venue.flatMap {
            configuration.constrainToWalkableArea
                ? WalkableAreaConstraint(venue: $0, maximumCorrectionMeters: configuration.maximumWallCorrectionMeters) : nil
        }
        dominantDirections =
            configuration.alignHeadingToFloorPlan ? venue.map { DominantDirections(venue: $0) } ?? walkedDirections : nil
        if let venue, let mapMatching = configuration.mapMatching {
            self.floorPlan = floorPlan ?? venue.spatialIndex.walkabilityRaster(cellSizeMeters: mapMatching.cellSizeMeters)
        } else {
            self.floorPlan = nil
        }
    }

    /// Whether ``start(at:levelIndex:levelConfiguration:)`` has been called.
    public var isStarted: Bool { filter != nil }

    /// Starts (or restarts) the filter at `location` (its point and covariance; its heading is not
    /// needed: steps carry headings, and the bias starts at 0 ± ``FusionConfiguration/initialHeadingBiasSigmaRadians``).
    /// - Parameter levelIndex: index into the level candidates (the venue's levels), certain at start.
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)`` naming the field
    ///   of a configuration value out of its range, or for an invalid location (non-finite point or
    ///   time, bad covariance).
    public func start(
        at location: IndoorLocation, levelIndex: Int?,
        levelConfiguration: LevelEstimatorConfiguration = .standard
    ) throws(PositioningError) {
        try configuration.checked()
        try levelConfiguration.checked()
        guard location.isValid else {
            throw .invalidConfiguration(
                parameter: "start location", value: location.point.x, validRange: "finite point, time and valid covariance")
        }
        let c = location.covariance
        let biasVariance = configuration.initialHeadingBiasSigmaRadians * configuration.initialHeadingBiasSigmaRadians
        let scaleVariance = configuration.initialStrideScaleSigma * configuration.initialStrideScaleSigma
        // The engine's configuration is validated, and its gate has the filter's range.
        var filterConfiguration = KalmanFilterConfiguration.standard
        filterConfiguration.gateProbability = configuration.gateProbability
        do {
            var covariance = FusionState.squareZeros()
            covariance[.eastMeters, .eastMeters] = max(c.xx, 1e-6)
            covariance[.eastMeters, .northMeters] = c.xy
            covariance[.northMeters, .eastMeters] = c.xy
            covariance[.northMeters, .northMeters] = max(c.yy, 1e-6)
            covariance[.headingBiasRadians, .headingBiasRadians] = max(biasVariance, 1e-12)
            covariance[.strideScale, .strideScale] = max(scaleVariance, 1e-12)
            let initialState = FusionState.vector { component in
                switch component {
                case .eastMeters: location.point.x
                case .northMeters: location.point.y
                case .headingBiasRadians: 0
                case .strideScale:
                    min(configuration.maximumStrideScale, max(configuration.minimumStrideScale, configuration.initialStrideScale))
                }
            }
            filter = try KalmanFilter(
                layout: FusionState.self, initialState: initialState,
                initialCovariance: covariance,
                configuration: filterConfiguration)
        } catch {
            throw .invalidConfiguration(parameter: "start covariance", value: c.xx, validRange: "positive semidefinite")
        }
        statistics = FusionStatistics()
        recentSteps.removeAll()
        climbs.reset()
        recentStepHeadings.removeAll()
        adaptiveFixScale.removeAll()
        timeSeconds = location.timeSeconds
        startTimeSeconds = location.timeSeconds
        headingRadians = location.headingRadians
        headingSigmaRadians = location.headingAccuracyRadians
        fallbackLevelIndex = levelIndex
        seedMatcher(at: location)
        beginSmoothingRecord(atSeconds: location.timeSeconds)
        if !levelCandidates.isEmpty {
            var estimator = LevelEstimator(levels: levelCandidates, startLevelIndex: levelIndex ?? 0, configuration: levelConfiguration)
            estimator.advance(toSeconds: location.timeSeconds, position: location.point)
            levelEstimator = estimator
        }
    }

    /// The current position, local frame; `nil` before start.
    public var point: LocalPoint? {
        guard let state = filter?.state else { return nil }
        return LocalPoint(x: state[.eastMeters], y: state[.northMeters])
    }

    /// The current position and its covariance, local frame; `nil` before start. Read element by
    /// element (no copy of the state), so sources may ask for it on every sample.
    public var estimate: PositionEstimate? {
        guard let filter else { return nil }
        do {
            return PositionEstimate(
                point: LocalPoint(x: try filter.value(of: FusionState.eastMeters), y: try filter.value(of: FusionState.northMeters)),
                covariance: Covariance2D(
                    xx: try filter.covariance(of: FusionState.eastMeters, .eastMeters),
                    xy: try filter.covariance(of: FusionState.eastMeters, .northMeters),
                    yy: try filter.covariance(of: FusionState.northMeters, .northMeters)))
        } catch {
            // The filter is built on FusionState's layout, so this cannot mismatch; no estimate if it did.
            return nil
        }
    }

    /// The current stride scale and heading bias (radians); `nil` before start.
    public var calibration: (strideScale: Double, headingBiasRadians: Double)? {
        guard let state = filter?.state else { return nil }
        return (state[.strideScale], state[.headingBiasRadians])
    }

    /// The index of the most probable level (into the level candidates), or the start level without levels.
    public var levelIndex: Int? { levelEstimator?.levelIndex ?? fallbackLevelIndex }

    /// The fused location (source `fusion`): position and covariance, level and its probability, heading
    /// and its accuracy; `nil` before start.
    public var location: IndoorLocation? {
        guard let filter, let time = timeSeconds else { return nil }
        let state = filter.state
        let p = filter.covariance
        var levelID: String?
        var floorNumber: Double?
        var probability = 1.0
        if let estimator = levelEstimator, let level = estimator.level {
            levelID = level.levelID
            floorNumber = level.floorNumber
            probability = estimator.probability
        }
        let point = LocalPoint(x: state[.eastMeters], y: state[.northMeters])
        return IndoorLocation(
            point: point, coordinate: venue?.frame.geoCoordinate(from: point), levelID: levelID,
            floorNumber: floorNumber, levelProbability: min(1, max(0, probability)),
            covariance: Covariance2D(
                xx: p[.eastMeters, .eastMeters], xy: p[.eastMeters, .northMeters],
                yy: p[.northMeters, .northMeters]),
            headingRadians: headingRadians, headingAccuracyRadians: headingSigmaRadians,
            timeSeconds: time, source: "fusion")
    }

    /// Feeds a pressure reading (hPa) to the level filter; ignored before start or without levels.
    public func updatePressure(hectopascals: Double, timeSeconds time: Double) {
        guard levelEstimator != nil else { return }
        let position = point
        let before = levelEstimator?.levelIndex
        levelEstimator?.updatePressure(hectopascals: hectopascals, timeSeconds: time, position: position)
        let after = levelEstimator?.levelIndex
        if after != before { didChangeLevel(from: before, to: after) }
    }
}
