import IndoorGeometry
import Testing

@testable import IndoorPlot
@testable import IndoorVenue

/// Pictures people can read: labels without overlaps, crops that ignore outdoor paths, a frame with
/// title, scale bar, north arrow and a legend beside the map listing only what is drawn.
@Suite struct PictureFrameTests {
    @Test func overlappingLabelsKeepTheMoreImportantOne() {
        let document = SVGDocument(bounds: BoundingBox(minX: 0, minY: 0, maxX: 100, maxY: 100), marginMeters: 0, maxSizePixels: 1000)
        let placer = LabelPlacer(sizePixels: 10)
        let kept = placer.place(
            [
                .init(text: "Small room", anchor: LocalPoint(x: 50, y: 50), priority: 10),
                .init(text: "Big hall", anchor: LocalPoint(x: 51, y: 50), priority: 500),
                .init(text: "Far away", anchor: LocalPoint(x: 10, y: 90), priority: 1),
                .init(text: "A very long name for a cupboard", anchor: LocalPoint(x: 90, y: 10), priority: 5, maximumWidthPixels: 40),
            ], in: document)
        #expect(kept.map(\.text) == ["Big hall", "Far away"])
        // Two labels far apart are both kept.
        let both = placer.place(
            [
                .init(text: "A", anchor: LocalPoint(x: 10, y: 10), priority: 1),
                .init(text: "B", anchor: LocalPoint(x: 90, y: 90), priority: 1),
            ], in: document)
        #expect(both.count == 2)
    }

    @Test func aLabelMovesOffAMarkerAndIsDrawnOverIt() throws {
        var document = SVGDocument(bounds: BoundingBox(minX: 0, minY: 0, maxX: 100, maxY: 100), marginMeters: 0, maxSizePixels: 1000)
        let room = LabelPlacer.Candidate(text: "Dean's office", anchor: LocalPoint(x: 50, y: 50), priority: 1)
        let placer = LabelPlacer(sizePixels: 10)
        // Alone, the label is centred on its anchor.
        #expect(placer.place([room], in: document).first?.anchor == room.anchor)
        document.addLabels([room], placer: placer)
        document.marker(at: LocalPoint(x: 50, y: 50), radiusPixels: 7, style: SVGStyle(fill: "#d62728"), title: "end of walk")
        // With a marker there, it moves just below (10 px = 1 m here), clear of the marker's 7 px.
        let placed = try #require(document.placedLabels.first?.label)
        #expect(abs(placed.anchor.x - 50) < 1e-9)
        let dropPixels = (50 - placed.anchor.y) * document.pixelsPerMeter
        #expect(dropPixels > 7 + 10 * 0.6 && dropPixels < 25, "moved \(dropPixels) px")
        // Labels are the last layer: the text comes after the marker in the picture.
        let svg = document.rendered()
        let marker = try #require(svg.range(of: "end of walk"))
        let text = try #require(svg.range(of: "Dean&apos;s office") ?? svg.range(of: "Dean's office"))
        #expect(marker.upperBound < text.lowerBound)
        #expect(document.elementsText.contains("office"), "pages that embed the elements get the labels too")
    }

    @Test func outdoorGraphNodesDoNotSetTheExtent() {
        var b = NavigationGraph.Builder(source: .authored)
        b.addNode(NavNode(point: LocalPoint(x: 5, y: 5), levelIndex: 0, kind: .waypoint, featureID: nil))
        b.addNode(NavNode(point: LocalPoint(x: 900, y: -700), levelIndex: 0, kind: .waypoint, featureID: nil))
        b.addNode(NavNode(point: LocalPoint(x: 300, y: 40), levelIndex: 1, kind: .waypoint, featureID: nil))
        b.addNode(NavNode(point: LocalPoint(x: 310, y: 60), levelIndex: 1, kind: .waypoint, featureID: nil))
        let square = Polygon(exterior: [LocalPoint(x: 0, y: 0), LocalPoint(x: 10, y: 0), LocalPoint(x: 10, y: 10), LocalPoint(x: 0, y: 10)])
        let venue = Venue(
            id: "v", name: LocalizedName("V", language: "en"), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 48, longitudeDegrees: 11)), buildings: [],
            levels: [Level(id: "L0", ordinal: 0), Level(id: "G", ordinal: 1)],
            spaces: [Space(id: "room", category: "office", polygon: square, levelID: "L0")],
            openings: [], pois: [], connectors: [], graph: b.build())
        #expect(LevelExtent.bounds(of: venue, levelIndex: 0) == BoundingBox(minX: 0, minY: 0, maxX: 10, maxY: 10))
        // A level with only a graph is framed by its nodes.
        #expect(LevelExtent.bounds(of: venue, levelIndex: 1) == BoundingBox(minX: 300, minY: 40, maxX: 310, maxY: 60))
    }

    @Test func scaleBarLengthsAreRound() {
        #expect(PlotFrame.scaleBarMeters(maximumMeters: 37) == 20)
        #expect(PlotFrame.scaleBarMeters(maximumMeters: 7.5) == 5)
        #expect(abs(PlotFrame.scaleBarMeters(maximumMeters: 0.3) - 0.2) < 1e-12)
        #expect(PlotFrame.scaleBarMeters(maximumMeters: 1000) == 1000)
    }

    @Test func legendSitsBesideTheMapAndListsOnlyWhatIsDrawn() throws {
        let plot = TrackPlot(tracks: [
            TrackPlot.Track(
                name: "ground truth", points: [LocalPoint(x: 0, y: 0), LocalPoint(x: 20, y: 5)], color: "#222222", marksStart: true,
                marksEnd: true),
            TrackPlot.Track(name: "beacon fixes", points: [], color: "#9467bd", joined: false),
            TrackPlot.Track(
                name: "satellite fixes", points: [LocalPoint(x: 500, y: 500)], color: "#8c564b", markers: true, joined: false,
                setsExtent: false),
        ])
        let bounds = try #require(plot.bounds)
        #expect(bounds.maxX == 20, "the scattered fix does not widen the picture")
        var document = SVGDocument(bounds: bounds, marginMeters: 1, maxSizePixels: 800)
        plot.draw(into: &document)
        #expect(document.legend.map(\.name) == ["ground truth", "satellite fixes", "start", "end"])
        let svg = document.rendered(title: "walk.jsonl — level L0")
        #expect(svg.contains(">walk.jsonl — level L0</text>"))
        #expect(svg.contains("class=\"scale-bar\""))
        #expect(svg.contains("class=\"north-arrow\""))
        #expect(!svg.contains("beacon fixes"))
        // The legend starts to the right of the map.
        let legend = try #require(svg.range(of: "<g class=\"legend\"><text x=\""))
        let x = Double(svg[legend.upperBound...].prefix { $0 != "\"" }) ?? 0
        #expect(x >= document.widthPixels, "legend at x = \(x), map width \(document.widthPixels)")
        // Start and end markers.
        #expect(svg.contains("<title>start of ground truth</title>") && svg.contains("<title>end of ground truth</title>"))
        // A level the walk only passes through gets neither.
        var middle = SVGDocument(bounds: bounds)
        TrackPlot(tracks: [
            TrackPlot.Track(name: "ground truth", points: [LocalPoint(x: 0, y: 0), LocalPoint(x: 5, y: 0)], color: "#222"),
            // A route that only touches this level (two equal points) is not visible, so not listed.
            TrackPlot.Track(name: "planned route", points: [LocalPoint(x: 3, y: 3), LocalPoint(x: 3, y: 3)], color: "#9ecae1"),
        ])
        .draw(into: &middle)
        #expect(middle.legend.map(\.name) == ["ground truth"])
    }

    @Test func aPlainLevelHasNoGraphUnlessAskedAndNamesSourceAndLevel() {
        let venue = LevelRendererTests().venue()
        let plain = LevelRenderer().render(venue, levelIndex: 0, source: "venues/v")
        #expect(plain.contains("venues/v — level Ground (L0)"))
        #expect(!plain.contains("navigation graph"))
    }
}
