import Testing

@testable import IndoorEstimation

// The filter the error and rejection tests start from, and the check that a failed call left it as it was.

/// A 4-state filter at (1, 2, 0, 0) with covariance diag(1, 1, 0.5, 0.5).
func makeFilter() throws -> KalmanFilter {
    try KalmanFilter(initialState: [1, 2, 0, 0], initialCovariance: .diagonal([1, 1, 0.5, 0.5]))
}

/// Expects `filter` to hold exactly what ``makeFilter()`` gave it.
func expectUnchanged(_ filter: KalmanFilter, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(filter.state == [1, 2, 0, 0], sourceLocation: sourceLocation)
    #expect(filter.covariance == Matrix.diagonal([1, 1, 0.5, 0.5]), sourceLocation: sourceLocation)
}
