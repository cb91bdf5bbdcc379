import Foundation

/// The cumulative distribution of position errors, one curve per track (the fused estimate and each
/// provider), as positioning papers show it: x the error in metres, y the share of points with an error
/// at most that, 0–100 %.
///
/// Each curve is the empirical CDF F(e) = #{errors ≤ e} / n drawn as a staircase. The x axis ends at
/// ``axisMaximumMeters`` so one outlier does not squeeze the rest; a curve reaching beyond it ends at the
/// right edge at the share it reached there, and the legend gives each curve's median, 75th and 95th
/// percentiles and count.
public struct ErrorCDFPlot: Sendable {
    /// One curve.
    public struct Curve: Sendable {
        /// The legend name (`fused`, `beacon fixes`).
        public var name: String
        /// The curve's colour (CSS).
        public var color: String
        /// The errors, metres (any order; non-finite values are left out).
        public var errorsMeters: [Double]
        /// Dashed (for the secondary curves).
        public var dashed: Bool

        /// A curve.
        public init(name: String, color: String, errorsMeters: [Double], dashed: Bool = false) {
            self.name = name
            self.color = color
            self.errorsMeters = errorsMeters.filter(\.isFinite).sorted()
            self.dashed = dashed
        }

        /// The `q` quantile (0–1, clamped), linear between ranks as `ErrorStatistics` computes it (so the
        /// legend matches `eval`'s figures); nil without errors.
        public func quantile(_ q: Double) -> Double? {
            guard !errorsMeters.isEmpty else { return nil }
            let h = Double(errorsMeters.count - 1) * min(1, max(0, q))
            let lower = Int(h)
            let upper = min(lower + 1, errorsMeters.count - 1)
            return errorsMeters[lower] + (h - Double(lower)) * (errorsMeters[upper] - errorsMeters[lower])
        }
    }

    /// The curves, drawn in order (the last on top); empty ones are left out.
    public var curves: [Curve]
    /// Plot area size, pixels.
    public var widthPixels = 640.0, heightPixels = 400.0

    /// A plot of `curves`.
    public init(curves: [Curve]) { self.curves = curves.filter { !$0.errorsMeters.isEmpty } }

    /// The x axis's end, metres: the largest 95th percentile — at most three times the first curve's
    /// (the fused track's), so a far worse provider does not flatten the curves that matter — rounded up
    /// to a multiple of a tick step.
    public var axisMaximumMeters: Double {
        var p95 = curves.compactMap { $0.quantile(0.95) }.max() ?? 1
        if let first = curves.first?.quantile(0.95), first > 0 { p95 = min(p95, 3 * first) }
        let step = Self.tickStep(for: max(p95, 0.5))
        return max(step, (p95 / step).rounded(.up) * step)
    }

    /// A readable tick step (1, 2 or 5 × 10ⁿ) giving 4–10 ticks up to `maximum`.
    static func tickStep(for maximum: Double) -> Double {
        let raw = maximum / 6
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// The whole SVG: title, axes with ticks and grid, the curves, and the legend below.
    public func rendered(title: String) -> String {
        let left = 60.0, top = 40.0, legendLine = 18.0
        let bottom = top + heightPixels
        let width = left + widthPixels + 30
        let height = bottom + 50 + legendLine * Double(curves.count) + 10
        let xMax = axisMaximumMeters
        func x(_ meters: Double) -> Double { left + min(meters, xMax) / xMax * widthPixels }
        func y(_ share: Double) -> Double { bottom - share * heightPixels }
        let f = SVGDocument.format
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" viewBox="0 0 \(f(width)) \(f(height))" \
            font-family="sans-serif">
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(f(left))" y="24" font-size="16" font-weight="bold">\(SVGDocument.escape(title))</text>

            """
        // Grid and ticks: every 10 % up, every tick step across.
        for k in 0...10 {
            let share = Double(k) / 10
            out += "<line x1=\"\(f(left))\" y1=\"\(f(y(share)))\" x2=\"\(f(left + widthPixels))\" y2=\"\(f(y(share)))\" "
            out += "stroke=\"\(k % 5 == 0 ? "#bbbbbb" : "#e5e5e5")\" stroke-width=\"1\"/>\n"
            out += "<text x=\"\(f(left - 6))\" y=\"\(f(y(share) + 4))\" font-size=\"11\" text-anchor=\"end\">\(k * 10) %</text>\n"
        }
        let step = Self.tickStep(for: xMax)
        var tick = 0.0
        while tick <= xMax + 1e-9 {
            out +=
                "<line x1=\"\(f(x(tick)))\" y1=\"\(f(top))\" x2=\"\(f(x(tick)))\" y2=\"\(f(bottom))\" stroke=\"#e5e5e5\" stroke-width=\"1\"/>\n"
            out += "<text x=\"\(f(x(tick)))\" y=\"\(f(bottom + 16))\" font-size=\"11\" text-anchor=\"middle\">\(f(tick))</text>\n"
            tick += step
        }
        out +=
            "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(widthPixels))\" height=\"\(f(heightPixels))\" fill=\"none\" stroke=\"#444444\"/>\n"
        out += "<text x=\"\(f(left + widthPixels / 2))\" y=\"\(f(bottom + 34))\" font-size=\"12\" text-anchor=\"middle\">"
        out += "position error (m)</text>\n"
        out += "<text x=\"16\" y=\"\(f(top + heightPixels / 2))\" font-size=\"12\" text-anchor=\"middle\" "
        out += "transform=\"rotate(-90 16 \(f(top + heightPixels / 2)))\">share of points with at most that error</text>\n"
        // The curves: a staircase through (e_i, i/n).
        for curve in curves {
            let n = Double(curve.errorsMeters.count)
            var points = ["\(f(x(0))),\(f(y(0)))"]
            var share = 0.0
            for (i, e) in curve.errorsMeters.enumerated() {
                guard e <= xMax else { break }
                share = Double(i + 1) / n
                points.append("\(f(x(e))),\(f(y(Double(i) / n)))")
                points.append("\(f(x(e))),\(f(y(share)))")
            }
            // To the right edge at the share reached there (below 100 % when the curve goes on beyond it).
            points.append("\(f(x(xMax))),\(f(y(share)))")
            out += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(curve.color)\" stroke-width=\"2\""
            out += curve.dashed ? " stroke-dasharray=\"6 4\"/>\n" : "/>\n"
        }
        // The legend: name, median, p75 and count of each curve.
        for (k, curve) in curves.enumerated() {
            let ly = bottom + 56 + legendLine * Double(k)
            out += "<line x1=\"\(f(left))\" y1=\"\(f(ly - 4))\" x2=\"\(f(left + 28))\" y2=\"\(f(ly - 4))\" stroke=\"\(curve.color)\" "
            out += "stroke-width=\"2\"\(curve.dashed ? " stroke-dasharray=\"6 4\"" : "")/>\n"
            let figures = String(
                format: "median %.2f m, p75 %.2f m, p95 %.2f m (%d points)", curve.quantile(0.5) ?? 0, curve.quantile(0.75) ?? 0,
                curve.quantile(0.95) ?? 0, curve.errorsMeters.count)
            let text = "\(curve.name): \(figures)"
            out += "<text x=\"\(f(left + 36))\" y=\"\(f(ly))\" font-size=\"12\">\(SVGDocument.escape(text))</text>\n"
        }
        return out + "</svg>\n"
    }
}
