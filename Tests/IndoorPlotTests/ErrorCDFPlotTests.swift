import Foundation
import Testing

@testable import IndoorPlot

/// ``ErrorCDFPlot``: quantiles, the axis end and the staircase, on hand-made errors.
@Suite struct ErrorCDFPlotTests {
    @Test func quantilesAreLinearBetweenRanks() throws {
        let curve = ErrorCDFPlot.Curve(name: "fused", color: "#000", errorsMeters: [4, 1, 3, 2, .nan])
        #expect(curve.errorsMeters == [1, 2, 3, 4])
        // h = 3 · q: the median between 2 and 3, p75 at 3.25, p95 at 3.85.
        #expect(curve.quantile(0.5) == 2.5 && curve.quantile(0.75) == 3.25)
        #expect(abs((curve.quantile(0.95) ?? 0) - 3.85) < 1e-12)
        #expect(ErrorCDFPlot.Curve(name: "none", color: "#000", errorsMeters: []).quantile(0.5) == nil)
    }

    @Test func theAxisEndsAtTheLargestP95CappedByTheFusedOne() {
        let fused = ErrorCDFPlot.Curve(name: "fused", color: "#000", errorsMeters: [1, 2, 3, 4])
        let bad = ErrorCDFPlot.Curve(name: "beacon", color: "#111", errorsMeters: [30, 40, 50])
        // p95 3.85 → step 1 (3.85 / 6 ≈ 0.64 → 1), end 4; with the bad curve, capped at 3 × 3.85 = 11.55 → step 2, end 12.
        #expect(ErrorCDFPlot(curves: [fused]).axisMaximumMeters == 4)
        #expect(ErrorCDFPlot(curves: [fused, bad]).axisMaximumMeters == 12)
        #expect(ErrorCDFPlot.tickStep(for: 50) == 10 && ErrorCDFPlot.tickStep(for: 7) == 2)
    }

    @Test func theStaircaseRisesByOneNthAtEachErrorAndStopsAtTheEdge() throws {
        let plot = ErrorCDFPlot(curves: [
            ErrorCDFPlot.Curve(name: "fused", color: "#1f77b4", errorsMeters: [1, 2, 3, 4]),
            ErrorCDFPlot.Curve(name: "beacon <b>", color: "#9467bd", errorsMeters: [2, 20], dashed: true),
        ])
        let svg = plot.rendered(title: "CDF")
        let polylines = svg.components(separatedBy: "<polyline points=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(polylines.count == 2)
        // Axis 0–12 m (3 × the fused p95 3.85, rounded up to the 2 m step) over 640 px from x = 60: 1 m is
        // 53.33 px; 0–100 % over 400 px up from y = 440. After its last error the curve runs flat to the edge.
        #expect(polylines[0] == "60,440 113.33,440 113.33,340 166.67,340 166.67,240 220,240 220,140 273.33,140 273.33,40 700,40")
        // The beacon curve reaches 50 % at 2 m, and its second error (20 m) lies beyond the axis: flat at 50 %.
        #expect(polylines[1] == "60,440 166.67,440 166.67,240 700,240")
        #expect(svg.contains("beacon &lt;b&gt;: median 11.00 m") && svg.contains("stroke-dasharray"))
    }
}
