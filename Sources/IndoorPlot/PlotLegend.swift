import Foundation

/// One legend line of a picture: a swatch and its text. Pictures list only what they draw.
public struct LegendEntry: Hashable, Sendable {
    /// How the swatch looks.
    public enum Symbol: Hashable, Sendable {
        /// A line of this width (pixels), dashed or not.
        case line(widthPixels: Double, dashed: Bool)
        /// A round marker.
        case marker
        /// A filled area (a room kind).
        case area
    }

    /// The text.
    public var name: String
    /// The colour (CSS).
    public var color: String
    /// The swatch.
    public var symbol: Symbol

    /// An entry.
    public init(name: String, color: String, symbol: Symbol) {
        self.name = name; self.color = color; self.symbol = symbol
    }
}

/// The frame around a picture's map: title bar above, scale bar and north arrow below, legend to the
/// right, so nothing covers the plan.
enum PlotFrame {
    static let titleHeightPixels = 34.0
    static let footerHeightPixels = 44.0
    static let legendWidthPixels = 220.0
    static let legendLinePixels = 20.0

    /// The longest "nice" length (1, 2, 5 × 10^k metres) that fits `maximumMeters`.
    static func scaleBarMeters(maximumMeters: Double) -> Double {
        guard maximumMeters.isFinite, maximumMeters > 0 else { return 1 }
        let power = pow(10, floor(log10(maximumMeters)))
        for factor in [5.0, 2, 1] where factor * power <= maximumMeters { return factor * power }
        return power
    }

    /// Scale bar (alternating black and white quarters, its length in metres) and north arrow.
    static func footer(mapWidth: Double, top: Double, pixelsPerMeter: Double) -> String {
        let meters = scaleBarMeters(maximumMeters: mapWidth * 0.25 / pixelsPerMeter)
        let length = meters * pixelsPerMeter
        let x0 = 12.0, y0 = top + 14
        var out = "<g class=\"scale-bar\">"
        for k in 0..<4 {
            let fill = k % 2 == 0 ? "#222" : "#fff"
            out +=
                "<rect x=\"\(SVGDocument.format(x0 + Double(k) * length / 4))\" y=\"\(SVGDocument.format(y0))\" width=\"\(SVGDocument.format(length / 4))\" height=\"6\" fill=\"\(fill)\" stroke=\"#222\" stroke-width=\"1\"/>"
        }
        let label = meters >= 1_000 ? "\(SVGDocument.format(meters / 1_000)) km" : "\(SVGDocument.format(meters)) m"
        out +=
            "<text x=\"\(SVGDocument.format(x0 + length + 8))\" y=\"\(SVGDocument.format(y0 + 7))\" font-size=\"13\" font-family=\"sans-serif\" fill=\"#222\">\(label)</text></g>"
        let nx = mapWidth - 24, ny = top + 6
        out += "<g class=\"north-arrow\"><path d=\"M\(SVGDocument.format(nx)) \(SVGDocument.format(ny))l8 22l-8 -6l-8 6z\" fill=\"#222\"/>"
        out +=
            "<text x=\"\(SVGDocument.format(nx - 20))\" y=\"\(SVGDocument.format(ny + 17))\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#222\">N</text></g>"
        return out
    }

    /// The legend panel at `x`, `y`.
    static func legend(_ entries: [LegendEntry], x: Double, y: Double) -> String {
        var out =
            "<g class=\"legend\"><text x=\"\(SVGDocument.format(x))\" y=\"\(SVGDocument.format(y + 14))\" font-size=\"13\" font-weight=\"bold\" font-family=\"sans-serif\" fill=\"#222\">Legend</text>"
        for (k, e) in entries.enumerated() {
            let cy = y + 34 + Double(k) * legendLinePixels
            let color = SVGDocument.escape(e.color)
            switch e.symbol {
            case .line(let w, let dashed):
                out +=
                    "<line x1=\"\(SVGDocument.format(x))\" y1=\"\(SVGDocument.format(cy))\" x2=\"\(SVGDocument.format(x + 26))\" y2=\"\(SVGDocument.format(cy))\" stroke=\"\(color)\" stroke-width=\"\(SVGDocument.format(max(w, 2)))\"\(dashed ? " stroke-dasharray=\"5 3\"" : "")/>"
            case .marker:
                out +=
                    "<circle cx=\"\(SVGDocument.format(x + 13))\" cy=\"\(SVGDocument.format(cy))\" r=\"5\" fill=\"\(color)\" stroke=\"#fff\" stroke-width=\"1\"/>"
            case .area:
                out +=
                    "<rect x=\"\(SVGDocument.format(x + 4))\" y=\"\(SVGDocument.format(cy - 6))\" width=\"18\" height=\"12\" fill=\"\(color)\" stroke=\"#8a8578\"/>"
            }
            out +=
                "<text x=\"\(SVGDocument.format(x + 34))\" y=\"\(SVGDocument.format(cy + 4))\" font-size=\"12\" font-family=\"sans-serif\" fill=\"#222\">\(SVGDocument.escape(e.name))</text>"
        }
        return out + "</g>"
    }
}
