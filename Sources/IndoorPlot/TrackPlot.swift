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
        /// Whether the first point gets a start marker (the walk starts on this picture's level).
        public var marksStart: Bool
        /// Whether the last point gets an end marker (the walk ends on this picture's level).
        public var marksEnd: Bool
        /// Whether the track's points set the picture's extent (off for scattered fixes and outliers).
        public var setsExtent: Bool
        /// Whether the line is dashed.
        public var dashed: Bool

        /// A track.
        public init(
            name: String, points: [LocalPoint], color: String, widthPixels: Double = 2, markers: Bool = false, joined: Bool = true,
            marksStart: Bool = false, marksEnd: Bool = false, setsExtent: Bool = true, dashed: Bool = false
        ) {
            self.name = name; self.points = points; self.color = color
            self.widthPixels = widthPixels; self.markers = markers; self.joined = joined
            self.marksStart = marksStart; self.marksEnd = marksEnd; self.setsExtent = setsExtent; self.dashed = dashed
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

    /// The extent of the finite points of the tracks that set it (and the error lines); `nil` when there is none.
    public var bounds: BoundingBox? {
        let all = tracks.filter(\.setsExtent).flatMap(\.points) + errorLines.flatMap { [$0.truth, $0.estimate] }
        return BoundingBox(points: all.filter(\.isFinite))
    }

    /// Colours of the start and end markers.
    public static let startColor = "#2ca02c", endColor = "#d62728"

    /// Draws error lines, tracks and start/end markers into `document` and adds a legend entry for each
    /// thing drawn (empty tracks get none).
    /// - Complexity: O(points).
    public func draw(into document: inout SVGDocument) {
        let errorStyle = SVGStyle(stroke: errorColor, strokeWidthPixels: 1, opacity: 0.8)
        var drewErrors = false
        for line in errorLines where line.truth.isFinite && line.estimate.isFinite {
            document.polyline([line.truth, line.estimate], style: errorStyle, title: "error")
            drewErrors = true
        }
        if drewErrors {
            document.addLegend(
                LegendEntry(name: "error (truth → estimate)", color: errorColor, symbol: .line(widthPixels: 1, dashed: false)))
        }
        var starts: [(LocalPoint, String)] = [], ends: [(LocalPoint, String)] = []
        for track in tracks {
            let points = track.points.filter(\.isFinite)
            guard !points.isEmpty else { continue }
            // A line needs two distinct points to be seen; without markers nothing else is drawn.
            let visibleLine = track.joined && points.contains { $0.distance(to: points[0]) > 1e-6 }
            guard visibleLine || track.markers else { continue }
            if visibleLine {
                let dash = track.dashed ? " stroke-dasharray=\"6 4\"" : ""
                let pts = points.map { p -> String in
                    let s = document.svg(p); return SVGDocument.format(s.x) + "," + SVGDocument.format(s.y)
                }
                document.append(
                    "<polyline points=\"\(pts.joined(separator: " "))\" fill=\"none\" stroke=\"\(SVGDocument.escape(track.color))\" stroke-width=\"\(SVGDocument.format(track.widthPixels))\" opacity=\"0.9\" stroke-linejoin=\"round\"\(dash)><title>\(SVGDocument.escape(track.name))</title></polyline>"
                )
            }
            if track.markers {
                for p in points {
                    document.circle(at: p, radiusPixels: track.widthPixels + 1.5, style: SVGStyle(fill: track.color), title: track.name)
                }
            }
            if track.marksStart, let first = points.first { starts.append((first, track.name)) }
            if track.marksEnd, let last = points.last { ends.append((last, track.name)) }
            document.addLegend(
                LegendEntry(
                    name: track.name, color: track.color,
                    symbol: track.joined ? .line(widthPixels: track.widthPixels, dashed: track.dashed) : .marker))
        }
        // The start is drawn larger, so a walk that ends where it began shows both.
        for (p, name) in starts {
            document.marker(
                at: p, radiusPixels: 10, style: SVGStyle(fill: Self.startColor, stroke: "#ffffff", strokeWidthPixels: 2),
                title: "start of \(name)")
        }
        for (p, name) in ends {
            document.marker(
                at: p, radiusPixels: 7, style: SVGStyle(fill: Self.endColor, stroke: "#ffffff", strokeWidthPixels: 2),
                title: "end of \(name)")
        }
        if !starts.isEmpty { document.addLegend(LegendEntry(name: "start", color: Self.startColor, symbol: .marker)) }
        if !ends.isEmpty { document.addLegend(LegendEntry(name: "end", color: Self.endColor, symbol: .marker)) }
    }
}
