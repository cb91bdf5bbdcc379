import IndoorPositioning

/// Each walk's fused mean error against its open-loop dead reckoning's: whether fusion ever made a walk
/// worse than the steps alone would have (the first thing blocked cross-validation checks).
public struct DeadReckoningComparison: Hashable, Sendable {
    /// One walk.
    public struct Walk: Hashable, Sendable {
        /// Its name (a file name).
        public var name: String
        /// Mean error of the fused track at the scored points, metres.
        public var fusedMeanMeters: Double
        /// Mean error of the open-loop dead reckoning at the same points, metres.
        public var deadReckoningMeanMeters: Double

        /// A walk's figures.
        public init(name: String, fusedMeanMeters: Double, deadReckoningMeanMeters: Double) {
            self.name = name
            self.fusedMeanMeters = fusedMeanMeters
            self.deadReckoningMeanMeters = deadReckoningMeanMeters
        }

        /// Fused over dead-reckoning mean (1 when both are 0, infinity when only dead reckoning is 0).
        public var ratio: Double {
            if deadReckoningMeanMeters > 0 { return fusedMeanMeters / deadReckoningMeanMeters }
            return fusedMeanMeters > 0 ? .infinity : 1
        }
    }

    /// The walks, in input order.
    public var walks: [Walk]

    /// The comparison of `walks`.
    public init(_ walks: [Walk]) { self.walks = walks }

    /// Walks whose fused mean is at most dead reckoning's.
    public var notWorseCount: Int { walks.filter { $0.fusedMeanMeters <= $0.deadReckoningMeanMeters }.count }
    /// ``notWorseCount`` over the walks; nil without walks.
    public var notWorseShare: Double? { walks.isEmpty ? nil : Double(notWorseCount) / Double(walks.count) }
    /// The largest ``Walk/ratio``; nil without walks.
    public var worstRatio: Double? { walks.map(\.ratio).max() }
    /// The walks whose ratio exceeds `limit`, worst first.
    public func walks(worseThan limit: Double) -> [Walk] {
        walks.filter { $0.ratio > limit }.sorted { $0.ratio > $1.ratio }
    }
}
