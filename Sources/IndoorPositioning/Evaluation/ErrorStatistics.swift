/// Summary statistics of position errors (or any non-negative values), metres.
///
/// Percentiles interpolate linearly between order statistics (Hyndman & Fan 1996, definition 7, the
/// default of R and NumPy): for p in [0, 1], h = (n − 1) p, value = x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎).
public struct ErrorStatistics: Hashable, Sendable {
    /// Number of values.
    public let count: Int
    /// Arithmetic mean.
    public let mean: Double
    /// 50th percentile.
    public let median: Double
    /// 75th percentile (the IPIN competition metric).
    public let p75: Double
    /// 95th percentile.
    public let p95: Double
    /// Largest value.
    public let max: Double

    /// Statistics of `values`; `nil` when there is none or any is not finite.
    /// - Complexity: O(n log n).
    public init?(_ values: [Double]) {
        guard !values.isEmpty, values.allSatisfy(\.isFinite) else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        mean = sorted.reduce(0, +) / Double(sorted.count)
        median = Self.percentile(sorted, 0.5)
        p75 = Self.percentile(sorted, 0.75)
        p95 = Self.percentile(sorted, 0.95)
        max = sorted[sorted.count - 1]
    }

    /// The p-quantile (p in [0, 1], clamped) of already sorted, non-empty values.
    public static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * Swift.min(1, Swift.max(0, p))
        let lower = Int(h)
        let upper = Swift.min(lower + 1, sorted.count - 1)
        return sorted[lower] + (h - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}
