import Foundation
import IndoorGeometry

/// A position estimate: where, on which level, how sure, facing where, when, and from which source.
///
/// Coordinates are in the venue's local frame (``LocalPoint``, metres east/north) with the matching
/// WGS84 coordinate alongside; time is seconds on the session's or recording's clock.
public struct IndoorLocation: Hashable, Sendable, Codable {
    /// Position in the venue's local frame: metres east (`x`) and north (`y`) of its reference.
    public var point: LocalPoint
    /// The same point in WGS84, when the venue frame is known.
    public var coordinate: GeoCoordinate?
    /// Level id, when known.
    public var levelID: String?
    /// Floor number as shown to users, when known.
    public var floorNumber: Double?
    /// Probability that `levelID` is right, 0–1 (1 for sources that know their level).
    public var levelProbability: Double
    /// 2×2 position covariance in m² (east/north), row-major [σxx, σxy, σxy, σyy].
    public var covariance: Covariance2D
    /// Heading in radians clockwise from north, when known.
    public var headingRadians: Double?
    /// One-sigma heading uncertainty in radians.
    public var headingAccuracyRadians: Double?
    /// Seconds on the session clock.
    public var timeSeconds: Double
    /// The provider that produced it (`manual`, `beacon`, `pdr`, `fusion`, …).
    public var source: String

    /// A location with every field given; level probability 1 unless told otherwise.
    public init(
        point: LocalPoint, coordinate: GeoCoordinate? = nil, levelID: String?, floorNumber: Double? = nil,
        levelProbability: Double = 1, covariance: Covariance2D, headingRadians: Double? = nil,
        headingAccuracyRadians: Double? = nil, timeSeconds: Double, source: String
    ) {
        self.point = point; self.coordinate = coordinate; self.levelID = levelID; self.floorNumber = floorNumber
        self.levelProbability = levelProbability; self.covariance = covariance; self.headingRadians = headingRadians
        self.headingAccuracyRadians = headingAccuracyRadians; self.timeSeconds = timeSeconds; self.source = source
    }

    /// A location with a circular uncertainty of `accuracyMeters` (one sigma per axis).
    public init(
        point: LocalPoint, levelID: String?, accuracyMeters: Double, timeSeconds: Double, source: String,
        headingRadians: Double? = nil, headingAccuracyRadians: Double? = nil
    ) {
        self.init(
            point: point, levelID: levelID, covariance: .isotropic(sigmaMeters: accuracyMeters),
            headingRadians: headingRadians, headingAccuracyRadians: headingAccuracyRadians,
            timeSeconds: timeSeconds, source: source)
    }

    /// Horizontal accuracy radius in metres: the square root of the larger covariance eigenvalue
    /// (one sigma along the worst axis).
    public var horizontalAccuracyMeters: Double { covariance.largestSigmaMeters }

    /// Whether every number is finite and the covariance is a valid (symmetric, PSD) matrix.
    public var isValid: Bool {
        point.isFinite && timeSeconds.isFinite && covariance.isValid
            && (headingRadians?.isFinite ?? true) && (0...1).contains(levelProbability)
    }
}

/// A symmetric 2×2 covariance in m².
public struct Covariance2D: Hashable, Sendable, Codable {
    /// East variance, m².
    public var xx: Double
    /// East-north covariance, m².
    public var xy: Double
    /// North variance, m².
    public var yy: Double

    /// A covariance from its three distinct entries, m² (not checked; see ``isValid``).
    public init(xx: Double, xy: Double, yy: Double) { self.xx = xx; self.xy = xy; self.yy = yy }

    /// A circular uncertainty: `sigmaMeters²` on both axes, no correlation.
    public static func isotropic(sigmaMeters: Double) -> Covariance2D {
        Covariance2D(xx: sigmaMeters * sigmaMeters, xy: 0, yy: sigmaMeters * sigmaMeters)
    }

    /// Square root of the larger eigenvalue, in metres.
    public var largestSigmaMeters: Double {
        let mean = (xx + yy) / 2
        let d = ((xx - yy) * (xx - yy) / 4 + xy * xy).squareRoot()
        return max(0, mean + d).squareRoot()
    }

    /// Finite, non-negative variances, and |xy| ≤ sqrt(xx·yy).
    public var isValid: Bool {
        xx.isFinite && yy.isFinite && xy.isFinite && xx >= 0 && yy >= 0 && xy * xy <= xx * yy * (1 + 1e-9) + 1e-12
    }
}

/// A position with its covariance (local frame): a filter's estimate handed to a provider as a prior.
public struct PositionEstimate: Hashable, Sendable {
    /// The position, metres.
    public var point: LocalPoint
    /// Its covariance, m².
    public var covariance: Covariance2D

    /// An estimate.
    public init(point: LocalPoint, covariance: Covariance2D) { self.point = point; self.covariance = covariance }
}
