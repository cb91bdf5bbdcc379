import IndoorGeometry
import Testing

@testable import IndoorPlot

/// Track drawing: bounds, polylines, markers, error lines and legend.
@Suite struct TrackPlotTests {
    @Test func drawsTracksErrorsAndLegend() throws {
        let plot = TrackPlot(
            tracks: [
                TrackPlot.Track(name: "truth", points: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0)], color: "#00ff00", markers: true),
                TrackPlot.Track(
                    name: "fused <&>", points: [LocalPoint(x: 0, y: 1), LocalPoint(x: 10, y: 2), LocalPoint(x: .nan, y: 0)],
                    color: "#0000ff"),
            ], errorLines: [(LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 2))])
        let bounds = try #require(plot.bounds)
        #expect(bounds.minX == 0 && bounds.maxX == 10 && bounds.minY == 0 && bounds.maxY == 2)
        var document = SVGDocument(bounds: bounds)
        plot.draw(into: &document)
        let svg = document.rendered()
        // Two track polylines plus one error line.
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 3)
        // Two truth markers.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        #expect(svg.contains("fused &lt;&amp;&gt;"))
        #expect(svg.contains("#d62728"))
        #expect(!svg.contains("nan"))
    }

    @Test func emptyPlotHasNoBounds() {
        #expect(TrackPlot(tracks: []).bounds == nil)
    }
}
