import IndoorGeometry
import IndoorJSON

/// A minimal SVG writer for plots in a venue's local frame (metres, north up).
///
/// Local coordinates are mapped to SVG user units with a uniform scale and the y axis flipped, so
/// plots keep the venue's proportions and north points up.
public struct SVGDocument: Sendable {
    /// The local-frame area shown.
    public let bounds: BoundingBox
    /// SVG user units per metre.
    public let pixelsPerMeter: Double
    private var body: [String] = []

    /// Creates a document showing `bounds` (plus `marginMeters` all round) at most `maxSizePixels` wide or high.
    public init(bounds: BoundingBox, marginMeters: Double = 2, maxSizePixels: Double = 1600) {
        let b = bounds.expanded(by: marginMeters)
        self.bounds = b
        let extent = Swift.max(b.width, b.height, 1e-6)
        self.pixelsPerMeter = maxSizePixels / extent
    }

    /// SVG coordinates of a local point.
    public func svg(_ p: LocalPoint) -> (x: Double, y: Double) {
        ((p.x - bounds.minX) * pixelsPerMeter, (bounds.maxY - p.y) * pixelsPerMeter)
    }

    /// Width of the map, SVG user units.
    public var widthPixels: Double { bounds.width * pixelsPerMeter }
    /// Height of the map, SVG user units.
    public var heightPixels: Double { bounds.height * pixelsPerMeter }

    /// Appends a polygon (with holes, even-odd fill).
    public mutating func polygon(_ polygon: Polygon, style: SVGStyle, title: String? = nil) {
        var d = ""
        for ring in polygon.rings where ring.count >= 3 {
            for (k, p) in ring.enumerated() {
                let s = svg(p)
                d += (k == 0 ? "M" : "L") + SVGDocument.format(s.x) + " " + SVGDocument.format(s.y)
            }
            d += "Z"
        }
        append("<path d=\"\(d)\" fill-rule=\"evenodd\"\(style.attributes)>\(titleElement(title))</path>")
    }

    /// Appends an open polyline.
    public mutating func polyline(_ points: [LocalPoint], style: SVGStyle, title: String? = nil) {
        guard points.count >= 2 else { return }
        let pts = points.map { p -> String in
            let s = svg(p); return SVGDocument.format(s.x) + "," + SVGDocument.format(s.y)
        }
        append("<polyline points=\"\(pts.joined(separator: " "))\"\(style.attributes)>\(titleElement(title))</polyline>")
    }

    /// Appends a circle of a radius in pixels (markers keep their size whatever the scale).
    public mutating func circle(at p: LocalPoint, radiusPixels: Double, style: SVGStyle, title: String? = nil) {
        let s = svg(p)
        append(
            "<circle cx=\"\(SVGDocument.format(s.x))\" cy=\"\(SVGDocument.format(s.y))\" r=\"\(SVGDocument.format(radiusPixels))\"\(style.attributes)>\(titleElement(title))</circle>"
        )
    }

    /// Appends a text label centred on a point.
    public mutating func text(_ text: String, at p: LocalPoint, sizePixels: Double = 10, color: String = "#222") {
        let s = svg(p)
        append(
            "<text x=\"\(SVGDocument.format(s.x))\" y=\"\(SVGDocument.format(s.y))\" font-size=\"\(SVGDocument.format(sizePixels))\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"\(SVGDocument.escape(color))\">\(SVGDocument.escape(text))</text>"
        )
    }

    /// The elements appended so far and the deferred labels as placed, one per line, without the `<svg>`
    /// wrapper (for embedding in a page).
    public var elementsText: String { (body + labelElements()).joined(separator: "\n") }

    /// Appends a text label centred on a point with a white halo, so it stays readable over lines.
    public mutating func label(_ text: String, at p: LocalPoint, sizePixels: Double, color: String = "#222") {
        append(labelElement(text, at: p, sizePixels: sizePixels, color: color))
    }

    private func labelElement(_ text: String, at p: LocalPoint, sizePixels: Double, color: String = "#222") -> String {
        let s = svg(p)
        return
            "<text x=\"\(SVGDocument.format(s.x))\" y=\"\(SVGDocument.format(s.y + sizePixels * 0.35))\" font-size=\"\(SVGDocument.format(sizePixels))\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"\(SVGDocument.escape(color))\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-opacity=\"0.85\" paint-order=\"stroke\" class=\"label\">\(SVGDocument.escape(text))</text>"
    }

    /// The deferred labels' elements, as placed.
    private func labelElements() -> [String] {
        placedLabels.map { labelElement($0.label.text, at: $0.label.anchor, sizePixels: $0.sizePixels) }
    }

    /// Labels placed when the document is rendered, over everything drawn and clear of the markers
    /// (``addLabels(_:placer:)``).
    private var deferredLabels: [(candidates: [LabelPlacer.Candidate], placer: LabelPlacer)] = []
    /// Boxes (picture pixels) that labels keep clear of: the markers drawn with ``marker(at:radiusPixels:style:title:)``.
    private var markerBoxes: [BoundingBox] = []

    /// Appends a circle marker (a walk's start or end) that labels placed at render time keep clear of.
    public mutating func marker(at p: LocalPoint, radiusPixels: Double, style: SVGStyle, title: String? = nil) {
        circle(at: p, radiusPixels: radiusPixels, style: style, title: title)
        let s = svg(p)
        markerBoxes.append(
            BoundingBox(minX: s.x - radiusPixels, minY: s.y - radiusPixels, maxX: s.x + radiusPixels, maxY: s.y + radiusPixels))
    }

    /// Labels to place with `placer` when the document is rendered: after everything drawn later (tracks,
    /// markers), so they stay on top, and moved off any marker they would cover (``LabelPlacer``).
    public mutating func addLabels(_ candidates: [LabelPlacer.Candidate], placer: LabelPlacer) {
        deferredLabels.append((candidates, placer))
    }

    /// The deferred labels as placed, with their text size: what ``rendered(title:)`` draws last.
    public var placedLabels: [(label: LabelPlacer.Candidate, sizePixels: Double)] {
        deferredLabels.flatMap { request in
            request.placer.place(request.candidates, in: self, keepClear: markerBoxes).map { ($0, request.placer.sizePixels) }
        }
    }

    /// Appends raw SVG (already escaped) — for groups and comments.
    public mutating func append(_ element: String) { body.append(element) }

    /// The legend entries of what was drawn (``TrackPlot`` adds its tracks); shown beside the map.
    public var legend: [LegendEntry] = []

    /// Adds a legend entry unless one with the same name is there.
    public mutating func addLegend(_ entry: LegendEntry) {
        if !legend.contains(where: { $0.name == entry.name }) { legend.append(entry) }
    }

    /// The complete SVG: the title bar above the map, the map (clipped to its bounds), a scale bar and a
    /// north arrow below it, and the legend (when there is one) to its right, never over the plan.
    public func rendered(title: String? = nil) -> String {
        let top = PlotFrame.titleHeightPixels
        let legendWidth = legend.isEmpty ? 0 : PlotFrame.legendWidthPixels
        let mapHeight = Swift.max(heightPixels, legend.isEmpty ? 0 : 40 + Double(legend.count) * PlotFrame.legendLinePixels)
        let width = widthPixels + legendWidth, height = top + mapHeight + PlotFrame.footerHeightPixels
        let f = SVGDocument.format
        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" viewBox=\"0 0 \(f(width)) \(f(height))\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        if let title {
            out +=
                "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\" font-family=\"sans-serif\" fill=\"#000\">\(SVGDocument.escape(title))</text>\n"
        }
        out +=
            "<svg x=\"0\" y=\"\(f(top))\" width=\"\(f(widthPixels))\" height=\"\(f(heightPixels))\" viewBox=\"0 0 \(f(widthPixels)) \(f(heightPixels))\" overflow=\"hidden\">\n"
        for element in body + labelElements() { out += element; out += "\n" }
        out += "</svg>\n"
        out +=
            "<rect x=\"0.5\" y=\"\(f(top + 0.5))\" width=\"\(f(widthPixels - 1))\" height=\"\(f(heightPixels - 1))\" fill=\"none\" stroke=\"#999\"/>\n"
        out += PlotFrame.footer(mapWidth: widthPixels, top: top + heightPixels, pixelsPerMeter: pixelsPerMeter) + "\n"
        if !legend.isEmpty { out += PlotFrame.legend(legend, x: widthPixels + 16, y: top) + "\n" }
        out += "</svg>\n"
        return out
    }

    private func titleElement(_ title: String?) -> String {
        title.map { "<title>\(SVGDocument.escape($0))</title>" } ?? ""
    }

    /// Escapes text for XML content and attribute values (``XMLText/escaped(_:)``).
    public static func escape(_ s: String) -> String { XMLText.escaped(s) }

    /// Two-decimal number text (SVG does not need more).
    public static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

/// Fill and stroke of an SVG element.
public struct SVGStyle: Hashable, Sendable {
    /// Fill colour (CSS); none when nil.
    public var fill: String?
    /// Stroke colour (CSS); none when nil.
    public var stroke: String?
    /// Stroke width, pixels.
    public var strokeWidthPixels: Double?
    /// Opacity, 0–1.
    public var opacity: Double?

    /// A style; unset values are left out.
    public init(fill: String? = nil, stroke: String? = nil, strokeWidthPixels: Double? = nil, opacity: Double? = nil) {
        self.fill = fill; self.stroke = stroke; self.strokeWidthPixels = strokeWidthPixels; self.opacity = opacity
    }

    /// `other`'s set values override this style's.
    public func merged(with other: SVGStyle?) -> SVGStyle {
        guard let other else { return self }
        return SVGStyle(
            fill: other.fill ?? fill, stroke: other.stroke ?? stroke,
            strokeWidthPixels: other.strokeWidthPixels ?? strokeWidthPixels, opacity: other.opacity ?? opacity)
    }

    var attributes: String {
        var s = ""
        s += " fill=\"\(SVGDocument.escape(fill ?? "none"))\""
        if let stroke { s += " stroke=\"\(SVGDocument.escape(stroke))\"" }
        if let w = strokeWidthPixels { s += " stroke-width=\"\(SVGDocument.format(w))\"" }
        if let o = opacity { s += " opacity=\"\(SVGDocument.format(o))\"" }
        return s
    }
}
