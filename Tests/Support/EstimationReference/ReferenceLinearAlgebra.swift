/// Naive dense linear algebra on nested arrays (row-major `[[Double]]`), written for clarity, not
/// speed, as an independent check of the GSL-based filter. Sizes are the caller's responsibility.
public enum ReferenceLinearAlgebra {
    /// The n × n identity.
    public static func identity(_ n: Int) -> [[Double]] {
        (0..<n).map { r in (0..<n).map { c in r == c ? 1 : 0 } }
    }

    /// Aᵀ.
    public static func transpose(_ a: [[Double]]) -> [[Double]] {
        guard let columns = a.first?.count else { return [] }
        return (0..<columns).map { c in a.map { $0[c] } }
    }

    /// A B by the textbook triple loop.
    public static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        let inner = b.count
        let columns = b.first?.count ?? 0
        return a.map { row in
            (0..<columns).map { c in
                var sum = 0.0
                for k in 0..<inner { sum += row[k] * b[k][c] }
                return sum
            }
        }
    }

    /// A x.
    public static func multiply(_ a: [[Double]], _ x: [Double]) -> [Double] {
        a.map { row in zip(row, x).reduce(0) { $0 + $1.0 * $1.1 } }
    }

    /// A + B.
    public static func add(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        zip(a, b).map { zip($0, $1).map { $0 + $1 } }
    }

    /// A − B.
    public static func subtract(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        zip(a, b).map { zip($0, $1).map { $0 - $1 } }
    }

    /// (A + Aᵀ) / 2.
    public static func symmetrized(_ a: [[Double]]) -> [[Double]] {
        let t = transpose(a)
        return zip(a, t).map { zip($0, $1).map { 0.5 * ($0 + $1) } }
    }

    /// The lower Cholesky factor L with A = L Lᵀ (Cholesky–Banachiewicz), or nil when a pivot is not
    /// strictly positive (A not positive definite).
    public static func cholesky(_ a: [[Double]]) -> [[Double]]? {
        let n = a.count
        var l = Array(repeating: Array(repeating: 0.0, count: n), count: n)
        for i in 0..<n {
            for j in 0...i {
                var sum = a[i][j]
                for k in 0..<j { sum -= l[i][k] * l[j][k] }
                if i == j {
                    guard sum > 0, sum.isFinite else { return nil }
                    l[i][i] = sum.squareRoot()
                } else {
                    l[i][j] = sum / l[j][j]
                }
            }
        }
        return l
    }

    /// Solves L v = b by forward substitution (L lower triangular).
    public static func forwardSubstitute(_ l: [[Double]], _ b: [Double]) -> [Double] {
        var v = b
        for i in 0..<l.count {
            for k in 0..<i { v[i] -= l[i][k] * v[k] }
            v[i] /= l[i][i]
        }
        return v
    }

    /// Solves Lᵀ x = v by back substitution (L lower triangular).
    public static func backSubstituteTransposed(_ l: [[Double]], _ v: [Double]) -> [Double] {
        var x = v
        for i in stride(from: l.count - 1, through: 0, by: -1) {
            for k in (i + 1)..<l.count { x[i] -= l[k][i] * x[k] }
            x[i] /= l[i][i]
        }
        return x
    }

    /// Solves A x = b given A's Cholesky factor L.
    public static func choleskySolve(_ l: [[Double]], _ b: [Double]) -> [Double] {
        backSubstituteTransposed(l, forwardSubstitute(l, b))
    }

    /// Largest |Aᵢⱼ − Aⱼᵢ|.
    public static func asymmetry(_ a: [[Double]]) -> Double {
        var worst = 0.0
        for i in a.indices { for j in a.indices { worst = max(worst, abs(a[i][j] - a[j][i])) } }
        return worst
    }
}
