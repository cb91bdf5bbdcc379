import Foundation

/// Angle helpers. Angles are radians unless a name says otherwise; bearings are clockwise from north.
public enum Angle {
    /// Wraps an angle in radians into (-π, π].
    public static func normalized(_ radians: Double) -> Double {
        guard radians.isFinite else { return radians }
        var a = radians.truncatingRemainder(dividingBy: 2 * .pi)
        if a <= -.pi { a += 2 * .pi } else if a > .pi { a -= 2 * .pi }
        return a
    }

    /// Wraps an angle in radians into [0, 2π).
    public static func normalizedPositive(_ radians: Double) -> Double {
        guard radians.isFinite else { return radians }
        var a = radians.truncatingRemainder(dividingBy: 2 * .pi)
        if a < 0 { a += 2 * .pi }
        return a >= 2 * .pi ? 0 : a
    }

    /// Signed smallest difference `to - from` in (-π, π].
    public static func difference(from: Double, to: Double) -> Double { normalized(to - from) }

    /// Radians converted to degrees (not normalised).
    public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    /// Degrees converted to radians (not normalised).
    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}

@usableFromInline
func atan2Compat(_ y: Double, _ x: Double) -> Double { Foundation.atan2(y, x) }
