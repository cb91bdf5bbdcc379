import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPlot
@testable import IndoorVenue

@Suite struct SVGDocumentTests {
    @Test func northIsUpAndScaleIsUniform() {
        let doc = SVGDocument(bounds: BoundingBox(minX: 0, minY: 0, maxX: 100, maxY: 50), marginMeters: 0, maxSizePixels: 1000)
        #expect(doc.pixelsPerMeter == 10)
        let sw = doc.svg(LocalPoint(x: 0, y: 0)), ne = doc.svg(LocalPoint(x: 100, y: 50))
        #expect(sw.x == 0 && sw.y == 500)
        #expect(ne.x == 1000 && ne.y == 0)
    }

    @Test func textIsEscaped() {
        var doc = SVGDocument(bounds: BoundingBox(minX: 0, minY: 0, maxX: 1, maxY: 1))
        doc.text("R&D <lab>", at: .zero)
        #expect(doc.rendered().contains("R&amp;D &lt;lab&gt;"))
    }
}

@Suite struct RenderStyleTests {
    func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "style-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func overridesApplyInOrder() throws {
        let path = try write(
            ##"{"space": {"fill": "#111"}, "categories": {"shop": {"fill": "#222"}}, "spaces": {"s1": {"stroke": "#333"}}}"##)
        let style = try RenderStyle.load(path: path)
        #expect(style.style(forSpaceID: "x", category: "room", walkable: true).fill == "#111")
        #expect(style.style(forSpaceID: "x", category: "shop", walkable: true).fill == "#222")
        let s1 = style.style(forSpaceID: "s1", category: "shop", walkable: true)
        #expect(s1.fill == "#222" && s1.stroke == "#333")
    }

    @Test(arguments: [
        (#"{"space": {"fill": 3}}"#, "space.fill"),
        (#"{"space": {"opacity": 2}}"#, "space.opacity"),
        (#"{"colours": {}}"#, "colours"),
        ("{\"space\": \n{", "line 2"),
        (#"[1]"#, "(top level)"),
    ])
    func malformedStyleNamesField(text: String, field: String) throws {
        let path = try write(text)
        do {
            _ = try RenderStyle.load(path: path)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.field == field)
            #expect(error.description.hasPrefix(path))
        }
    }
}

@Suite struct LevelRendererTests {
    func venue() -> Venue {
        let frame = LocalFrame(reference: GeoCoordinate(latitudeDegrees: 48, longitudeDegrees: 11))
        let square = Polygon(exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 10), LocalPoint(x: 0, y: 10)])
        let level = Level(id: "L0", ordinal: 0, name: LocalizedName("Ground", language: "en"))
        let space = Space(id: "room", category: "office", polygon: square, levelID: "L0", name: LocalizedName("Room 1", language: "en"))
        let poi = PointOfInterest(
            id: "p", category: "office", name: LocalizedName(["en": "ACME", "de": "ACME GmbH"]),
            position: LocalPoint(x: 5, y: 5), levelID: "L0", spaceID: "room", source: .occupant)
        return Venue(
            id: "v", name: LocalizedName("V", language: "en"), defaultLanguage: "en", frame: frame, buildings: [],
            levels: [level], spaces: [space], openings: [], pois: [poi], connectors: [], graph: .empty)
    }

    @Test func labelPreferenceOrder() {
        let v = venue()
        let space = v.spaces[0]
        #expect(LevelRenderer(labels: [.occupant, .spaceName]).label(for: space, occupantName: "ACME", venue: v) == "ACME")
        #expect(LevelRenderer(labels: [.spaceName, .occupant]).label(for: space, occupantName: "ACME", venue: v) == "Room 1")
        #expect(LevelRenderer(labels: [.category]).label(for: space, occupantName: "ACME", venue: v) == "office")
        #expect(LevelRenderer(labels: [.occupant]).label(for: space, occupantName: nil, venue: v) == nil)
    }

    @Test func renderedLevelHasSpacesPOIsAndLabels() {
        let svg = LevelRenderer(languages: ["de"]).render(venue(), levelIndex: 0)
        #expect(svg.hasPrefix("<svg"))
        #expect(svg.contains("room · office · Room 1"))
        #expect(svg.contains(">ACME GmbH</text>"))
        // One POI on the map and its legend swatch.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 2)
        #expect(svg.contains(">point of interest</text>"))
    }
}

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct SVGWellFormednessTests {
    /// Every element the writer emits must parse as XML (a duplicated attribute once made plots
    /// unreadable by SVG tools).
    @Test func renderedDocumentsAreWellFormedXML() {
        var doc = SVGDocument(bounds: BoundingBox(minX: 0, minY: 0, maxX: 10, maxY: 10))
        doc.polygon(
            Polygon(exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 5, y: 0), LocalPoint(x: 5, y: 5)]),
            style: SVGStyle(fill: "#eee", stroke: "#000", strokeWidthPixels: 1), title: "a & b")
        doc.polyline([LocalPoint(x: 0, y: 0), LocalPoint(x: 3, y: 4)], style: SVGStyle(stroke: "#f00", strokeWidthPixels: 2))
        doc.polyline([LocalPoint(x: 1, y: 1), LocalPoint(x: 2, y: 2)], style: SVGStyle(fill: "#0f0", stroke: "#00f"))
        doc.circle(at: LocalPoint(x: 1, y: 1), radiusPixels: 2, style: SVGStyle(fill: "#00f"), title: "<poi>")
        doc.text("label \"quoted\"", at: LocalPoint(x: 2, y: 2))
        let plot = TrackPlot(
            tracks: [
                TrackPlot.Track(name: "fused", points: [LocalPoint(x: 0, y: 0), LocalPoint(x: 4, y: 4)], color: "#1f77b4", markers: true)
            ],
            errorLines: [(truth: LocalPoint(x: 1, y: 0), estimate: LocalPoint(x: 1, y: 1))])
        plot.draw(into: &doc)
        let svg = doc.rendered(title: "tracks & level")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let level = LevelRendererTests().venue()
        let levelParser = XMLParser(data: Data(LevelRenderer().render(level, levelIndex: 0).utf8))
        #expect(levelParser.parse())
    }
}
