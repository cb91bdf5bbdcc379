import IndoorGeometry
import IndoorVenue

/// What a space's label shows, in order of preference.
public enum LabelSource: String, CaseIterable, Sendable {
    /// The name of an occupant POI inside the space.
    case occupant
    /// The space's own name.
    case spaceName = "space-name"
    /// The space's category.
    case category
}

/// Draws one level of a venue: outline, spaces, openings, navigation graph, connectors and POIs.
public struct LevelRenderer: Sendable {
    /// Fills and strokes.
    public var style: RenderStyle
    /// Label preference order; empty draws no labels.
    public var labels: [LabelSource]
    /// Preferred languages of names, first first (the venue's default otherwise).
    public var languages: [String]
    /// Whether the navigation graph is drawn (off by default: it is for debugging routes).
    public var drawGraph: Bool
    /// Size of the space labels, pixels.
    public var labelSizePixels: Double

    /// A renderer; the graph is hidden unless asked for.
    public init(
        style: RenderStyle = RenderStyle(), labels: [LabelSource] = [.occupant, .spaceName],
        languages: [String] = [], drawGraph: Bool = false, labelSizePixels: Double = 14
    ) {
        self.style = style; self.labels = labels; self.languages = languages; self.drawGraph = drawGraph
        self.labelSizePixels = labelSizePixels
    }

    /// The local-frame extent of a level (``LevelExtent``; a 20 m square at the origin when it is empty).
    public static func bounds(of venue: Venue, levelIndex: Int) -> BoundingBox {
        LevelExtent.bounds(of: venue, levelIndex: levelIndex) ?? BoundingBox(minX: -10, minY: -10, maxX: 10, maxY: 10)
    }

    /// Draws the level into `document` (which the caller may extend with tracks before rendering).
    public func draw(_ venue: Venue, levelIndex: Int, into document: inout SVGDocument) {
        let level = venue.levels[levelIndex]
        if let outline = level.outline { document.polygon(outline, style: style.levelOutline) }
        let spaces = venue.spaces.filter { $0.levelID == level.id }
        // Big spaces first so rooms inside corridors stay visible.
        for space in spaces.sorted(by: { $0.polygon.areaSquareMeters > $1.polygon.areaSquareMeters }) {
            let name = venue.displayName(space.name, preferred: languages)
            document.polygon(
                space.polygon, style: style.style(forSpaceID: space.id, category: space.category, walkable: space.isWalkable),
                title: [space.id, space.category, name].compactMap { $0 }.joined(separator: " · "))
        }
        for opening in venue.openings where opening.levelID == level.id {
            document.polyline(opening.line.points, style: style.opening, title: opening.id)
            guard opening.line.points.contains(where: document.bounds.contains) else { continue }
            document.addLegend(
                LegendEntry(name: "door or opening", color: style.opening.stroke ?? "#2e8b57", symbol: .line(widthPixels: 3, dashed: false))
            )
        }
        if drawGraph {
            let graph = venue.graph
            for edge in graph.edges {
                let a = graph.nodes[Int(edge.from)], b = graph.nodes[Int(edge.to)]
                guard Int(a.levelIndex) == levelIndex, Int(b.levelIndex) == levelIndex else { continue }
                document.polyline([a.point, b.point], style: style.graph)
                document.addLegend(
                    LegendEntry(
                        name: "navigation graph", color: style.graph.stroke ?? "#e07b00", symbol: .line(widthPixels: 1, dashed: false)))
            }
        }
        for connector in venue.connectors {
            for entry in connector.entries where entry.levelID == level.id {
                document.circle(
                    at: entry.point, radiusPixels: 5, style: style.connector,
                    title: "\(connector.kind.rawValue) \(connector.id)")
                guard document.bounds.contains(entry.point) else { continue }
                document.addLegend(LegendEntry(name: "stairs, lift or ramp", color: style.connector.fill ?? "#7a3db8", symbol: .marker))
            }
        }
        for poi in venue.pois where poi.levelID == level.id {
            document.circle(
                at: poi.position, radiusPixels: 3, style: style.poi,
                title: venue.displayName(poi.name, preferred: languages) ?? poi.id)
            guard document.bounds.contains(poi.position) else { continue }
            document.addLegend(LegendEntry(name: "point of interest", color: style.poi.fill ?? "#1f5fbf", symbol: .marker))
        }
        guard !labels.isEmpty else { return }
        var occupantNames: [String: String] = [:]
        for poi in venue.pois where poi.levelID == level.id && poi.source == .occupant {
            if let spaceID = poi.spaceID, occupantNames[spaceID] == nil {
                occupantNames[spaceID] = venue.displayName(poi.name, preferred: languages)
            }
        }
        let placer = LabelPlacer(sizePixels: labelSizePixels)
        let candidates = spaces.compactMap { space -> LabelPlacer.Candidate? in
            guard let text = label(for: space, occupantName: occupantNames[space.id], venue: venue) else { return nil }
            let anchor = space.polygon.contains(space.polygon.centroid) ? space.polygon.centroid : space.polygon.bounds.center
            return LabelPlacer.Candidate(
                text: text, anchor: anchor, priority: space.polygon.areaSquareMeters,
                maximumWidthPixels: space.polygon.bounds.width * document.pixelsPerMeter * 1.3)
        }
        document.addLabels(candidates, placer: placer)
    }

    /// The first label in preference order that has text.
    public func label(for space: Space, occupantName: String?, venue: Venue) -> String? {
        for source in labels {
            switch source {
            case .occupant: if let occupantName { return occupantName }
            case .spaceName: if let n = venue.displayName(space.name, preferred: languages) { return n }
            case .category: return space.category
            }
        }
        return nil
    }

    /// A complete SVG of one level, cropped to it (``LevelExtent``), with a scale bar, north arrow and legend.
    /// - Parameter source: what the title names first (e.g. the venue's path); the venue's name when nil.
    public func render(_ venue: Venue, levelIndex: Int, source: String? = nil) -> String {
        var document = SVGDocument(bounds: LevelRenderer.bounds(of: venue, levelIndex: levelIndex))
        draw(venue, levelIndex: levelIndex, into: &document)
        return document.rendered(
            title: Self.title(
                source ?? venue.displayName(venue.name, preferred: languages) ?? venue.id,
                venue: venue, levelIndex: levelIndex, languages: languages))
    }

    /// `"<source> — level <name> (<id>)"`, the title of every picture of a level.
    public static func title(_ source: String, venue: Venue, levelIndex: Int, languages: [String] = []) -> String {
        let level = venue.levels[levelIndex]
        let name = venue.displayName(level.name, preferred: languages)
        return "\(source) — level \(name.map { "\($0) (\(level.id))" } ?? level.id)"
    }
}
