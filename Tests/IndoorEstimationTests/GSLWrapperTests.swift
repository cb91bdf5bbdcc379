import Foundation
import Testing

@testable import IndoorEstimation

/// The C boundary: status codes become typed errors, allocation failure is reported, not fatal.
@Suite struct GSLWrapperTests {
    @Test func nonZeroStatusBecomesTypedErrorWithGSLReason() {
        // 4 is GSL_EINVAL in gsl_errno.h.
        #expect(throws: EstimationError.gsl(status: 4, call: "gsl_example", reason: "invalid argument supplied by user")) {
            try GSL.check(4, "gsl_example")
        }
        #expect(throws: Never.self) { try GSL.check(0, "gsl_example") }
    }

    @Test func unexpectedDriverStatusIsAnError() throws {
        // 1 is GSL_EDOM: not a status the least-squares driver reports for convergence.
        #expect(throws: EstimationError.self) { try LeastSquaresConvergence(status: 1, info: 0) }
        #expect(try LeastSquaresConvergence(status: 0, info: 1) == .smallStep)
        #expect(try LeastSquaresConvergence(status: 0, info: 2) == .smallGradient)
        // 11 is GSL_EMAXITER, 27 GSL_ENOPROG.
        #expect(try LeastSquaresConvergence(status: 11, info: 0) == .iterationLimitReached)
        #expect(try LeastSquaresConvergence(status: 11, info: 27) == .noProgressFromStart)
    }

    /// With `vm.overcommit_memory` = 1 the kernel would grant any size, so the check needs 0 or 2.
    static let allocationCanFail =
        (try? String(contentsOfFile: "/proc/sys/vm/overcommit_memory", encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines) != "1"

    @Test(.enabled(if: allocationCanFail, "the kernel overcommits memory"))
    func impossibleAllocationIsReported() {
        // 2⁴⁰ doubles = 8 TiB.
        #expect(throws: EstimationError.allocationFailed(what: "matrix 1099511627776×1")) {
            try GSLMatrix(rows: 1 << 40, columns: 1)
        }
    }

    @Test func emptyBuffersAreRefused() {
        #expect(throws: EstimationError.emptyDimension(what: "matrix 0×3")) { try GSLMatrix(rows: 0, columns: 3) }
        #expect(throws: EstimationError.emptyDimension(what: "vector length")) { try GSLVector(count: 0) }
    }

    @Test func choleskyReportsIndefiniteMatricesAsFalse() throws {
        let matrix = try GSLMatrix(rows: 2, columns: 2)
        matrix.load(try M([[1, 2], [2, 1]]))
        #expect(try GSL.choleskyDecompose(matrix) == false)
        matrix.load(try M([[4, 2], [2, 3]]))
        #expect(try GSL.choleskyDecompose(matrix) == true)
        // L = [[2, 0], [1, √2]].
        #expect(abs(matrix[0, 0] - 2) < 1e-15 && abs(matrix[1, 0] - 1) < 1e-15)
        #expect(abs(matrix[1, 1] - 2.0.squareRoot()) < 1e-15)
    }
}
