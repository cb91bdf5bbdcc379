/// One ground-truth point compared with the fused estimate at its time.
public struct ScoredPoint: Hashable, Sendable {
    /// Truth time, seconds.
    public var timeSeconds: Double
    /// Horizontal error, metres.
    public var errorMeters: Double
    /// |estimated floor − true floor| in floors; `nil` when the truth has no level.
    public var floorError: Double?

    /// A scored point.
    public init(timeSeconds: Double, errorMeters: Double, floorError: Double?) {
        self.timeSeconds = timeSeconds
        self.errorMeters = errorMeters
        self.floorError = floorError
    }
}

/// Accuracy figures of a track against ground truth, with the competitions' scores.
///
/// - IPIN score: the 75th percentile of eᵢ + P · |Δfloorᵢ| (P = 15 m per wrong floor).
/// - ILC score: mean(eᵢ) + P · mean(|Δfloorᵢ|).
/// Percentiles as ``ErrorStatistics`` (linear interpolation, Hyndman & Fan definition 7).
public struct FusionScore: Hashable, Sendable {
    /// The points scored.
    public var points: [ScoredPoint]
    /// Horizontal error statistics; `nil` without points.
    public var errors: ErrorStatistics?
    /// Share of points with a truth level whose level was right; `nil` when none had one.
    public var levelHitRate: Double?
    /// IPIN score, metres; `nil` without points.
    public var ipinScore: Double?
    /// ILC score, metres; `nil` without points.
    public var ilcScore: Double?

    /// Scores `points` with `floorPenaltyMeters` per wrong floor (default 15).
    public init(points: [ScoredPoint], floorPenaltyMeters: Double = 15) {
        self.points = points
        errors = ErrorStatistics(points.map(\.errorMeters))
        let floors = points.compactMap(\.floorError)
        levelHitRate = floors.isEmpty ? nil : Double(floors.filter { $0 == 0 }.count) / Double(floors.count)
        let penalised = points.map { $0.errorMeters + floorPenaltyMeters * ($0.floorError ?? 0) }
        ipinScore = ErrorStatistics(penalised)?.p75
        if let mean = errors?.mean {
            let floorMean = points.map { $0.floorError ?? 0 }.reduce(0, +) / Double(points.count)
            ilcScore = mean + floorPenaltyMeters * floorMean
        }
    }
}
