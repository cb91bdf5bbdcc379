import IndoorGeometry

/// Tracks over a floor map: named polylines (ground truth, dead reckoning, fused…), point markers, and
/// error lines from each ground-truth point to the estimate at that time, with a legend.
///
/// Draw the level first (``LevelRenderer/draw(_:levelIndex:into:)``) into a document whose bounds cover
/// both the level and ``bounds``, then the tracks on top.
public struct TrackPlot: Sendable {
    /// One track to draw.
    public struct Track: Sendable {
        /// Legend text.
        public var name: String
        /// Points in the local frame, in time order.
        public var points: [LocalPoint]
        /// Line colour (CSS).
        public var color: String
        /// Line width, pixels.
        public var widthPixels: Double
        /// Whether each point also gets a small marker (e.g. surveyed truth points, beacon fixes).
        public var markers: Bool
        /// Whether the points are joined by a line.
        public var joined: Bool

        /// A track.
        public init(name: String, points: [LocalPoint], color: String, widthPixels: Double = 2, markers: Bool = false, joined: Bool = true) {
            self.name = name; self.points = points; self.color = color
            self.widthPixels = widthPixels; self.markers = markers; self.joined = joined
        }
    }

    /// The tracks, drawn in order (later on top).
    public var tracks: [Track]
    /// Error lines: truth point → estimate at the same time.
    public var errorLines: [(truth: LocalPoint, estimate: LocalPoint)]
    /// Colour of the error lines.
    public var errorColor: String

    /// A plot.
    public init(tracks: [Track], errorLines: [(truth: LocalPoint, estimate: LocalPoint)] = [], errorColor: String = "#d62728") {
        self.tracks = tracks
        self.errorLines = errorLines
        self.errorColor = errorColor
    }

    /// The extent of every finite point drawn; `nil` when there is none.
    public var bounds: BoundingBox? {
        let all = tracks.flatMap(\.points) + errorLines.flatMap { [$0.truth, $0.estimate] }
        return BoundingBox(points: all.filter(\.isFinite))
    }

    /// Draws error lines, tracks and the legend into `document`.
    /// - Complexity: O(points).
    public func draw(into document: inout SVGDocument) {
        let errorStyle = SVGStyle(stroke: errorColor, strokeWidthPixels: 1, opacity: 0.8)
        for line in errorLines where line.truth.isFinite && line.estimate.isFinite {
            document.polyline([line.truth, line.estimate], style: errorStyle, title: "error")
        }
        for track in tracks {
            let points = track.points.filter(\.isFinite)
            if track.joined {
                document.polyline(points, style: SVGStyle(stroke: track.color, strokeWidthPixels: track.widthPixels, opacity: 0.9),
                                  title: track.name)
            }
            if track.markers {
                for p in points {
                    document.circle(at: p, radiusPixels: track.widthPixels + 1.5, style: SVGStyle(fill: track.color), title: track.name)
                }
            }
        }
        drawLegend(into: &document)
    }

    private func drawLegend(into document: inout SVGDocument) {
        var y = 40.0  // below the document title
        for (name, color) in tracks.map({ ($0.name, $0.color) }) + (errorLines.isEmpty ? [] : [("error", errorColor)]) {
            document.append("<rect x=\"8\" y=\"\(SVGDocument.format(y - 8))\" width=\"14\" height=\"4\" fill=\"\(SVGDocument.escape(color))\"/>"
                            + "<text x=\"28\" y=\"\(SVGDocument.format(y - 3))\" font-size=\"12\" font-family=\"sans-serif\" fill=\"#222\">\(SVGDocument.escape(name))</text>")
            y += 16
        }
    }
}
