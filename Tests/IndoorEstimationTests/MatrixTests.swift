import Testing

@testable import IndoorEstimation

@Suite struct MatrixTests {
    @Test func constructorsAndSubscripts() throws {
        var m = try Matrix([[1, 2, 3], [4, 5, 6]])
        #expect(m.rows == 2 && m.columns == 3)
        #expect(m[1, 0] == 4)
        #expect(m.elements == [1, 2, 3, 4, 5, 6])
        m[0, 2] = -3
        #expect(m.rowArrays == [[1, 2, -3], [4, 5, 6]])
        #expect(Matrix.identity(2).elements == [1, 0, 0, 1])
        #expect(Matrix.diagonal([2, 3]).elements == [2, 0, 0, 3])
        #expect(Matrix.zeros(rows: 1, columns: 2).elements == [0, 0])
        // Degenerate sizes are raised to 1 rather than producing an unusable matrix.
        #expect(Matrix.zeros(rows: 0, columns: -2).elements == [0])
        #expect(Matrix.diagonal([]).elements == [0])
        #expect(try Matrix(rows: 1, columns: 2, elements: [7, 8]) == (try Matrix([[7, 8]])))
    }

    @Test func nonFiniteElementsAreFound() throws {
        #expect(try Matrix([[1, 2], [.nan, 4]]).firstNonFiniteIndex == 2)
        #expect(try Matrix([[1, 2], [3, 4]]).firstNonFiniteIndex == nil)
    }
}
