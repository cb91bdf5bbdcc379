import Foundation

extension Covariance2D {
    /// xx·yy − xy², m⁴.
    public var determinant: Double { xx * yy - xy * xy }

    /// The inverse (an information matrix, m⁻²); `nil` when singular or not finite.
    public var inverse: Covariance2D? {
        let det = determinant
        guard det > 0, det.isFinite else { return nil }
        return Covariance2D(xx: yy / det, xy: -xy / det, yy: xx / det)
    }

    /// The eigenvalues (largest first) and the angle of the first one's eigenvector from the x axis, radians.
    public var eigen: (largest: Double, smallest: Double, angleRadians: Double) {
        let mean = (xx + yy) / 2
        let radius = (((xx - yy) / 2) * ((xx - yy) / 2) + xy * xy).squareRoot()
        return (mean + radius, mean - radius, 0.5 * atan2(2 * xy, xx - yy))
    }

    /// The symmetric matrix with eigenvalues `largest`, `smallest` and the first eigenvector at `angleRadians`.
    public init(largest: Double, smallest: Double, angleRadians: Double) {
        let c = cos(angleRadians), s = sin(angleRadians)
        self.init(xx: largest * c * c + smallest * s * s, xy: (largest - smallest) * c * s, yy: largest * s * s + smallest * c * c)
    }

    /// Entry-wise sum.
    public static func + (a: Covariance2D, b: Covariance2D) -> Covariance2D {
        Covariance2D(xx: a.xx + b.xx, xy: a.xy + b.xy, yy: a.yy + b.yy)
    }

    /// Entry-wise difference.
    public static func - (a: Covariance2D, b: Covariance2D) -> Covariance2D {
        Covariance2D(xx: a.xx - b.xx, xy: a.xy - b.xy, yy: a.yy - b.yy)
    }

    /// The matrix times the vector (dx, dy).
    public func applied(to dx: Double, _ dy: Double) -> (x: Double, y: Double) { (xx * dx + xy * dy, xy * dx + yy * dy) }
}
