/// GSL workspaces kept between least-squares solves, one per problem size (residuals × parameters), for a
/// caller that solves often on one thread — a beacon provider fits a position every second, each fit
/// otherwise allocating and freeing GSL's solver state. Not for sharing between threads.
///
/// A solve with a kept workspace gives the same result as with a fresh one (GSL restarts the iteration
/// on every solve). At most ``capacity`` sizes are kept; past it the pool starts over.
public final class LeastSquaresWorkspaces {
    private struct Size: Hashable {
        let residualCount: Int
        let parameterCount: Int
    }

    /// The most problem sizes kept at once.
    public let capacity: Int
    private var kept: [Size: GSLLeastSquaresWorkspace] = [:]

    /// An empty pool keeping up to `capacity` sizes (at least 1).
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    /// Problem sizes kept now.
    public var count: Int { kept.count }

    /// The workspace for n residuals and p parameters, made on first use.
    func workspace(residualCount: Int, parameterCount: Int) throws(EstimationError) -> GSLLeastSquaresWorkspace {
        let size = Size(residualCount: residualCount, parameterCount: parameterCount)
        if let existing = kept[size] { return existing }
        let made = try GSLLeastSquaresWorkspace(residualCount: residualCount, parameterCount: parameterCount)
        if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
        kept[size] = made
        return made
    }
}
