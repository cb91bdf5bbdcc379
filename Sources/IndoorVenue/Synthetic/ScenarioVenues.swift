import IndoorGeometry

/// A venue built in code for navigation scenarios and demos: two levels of an office floor plate with a
/// grid of corridors 30 m apart (90 m × 60 m), rooms between them, stairs and an elevator, and named
/// POIs in English and German.
///
/// Corridor nodes are 5 m apart. Rooms have no graph inside, so a user walking into one leaves every
/// path by up to 15 m; points 60 m outside the plate are far from any path.
public enum ScenarioVenues {
    /// Corridor spacing in metres.
    public static let corridorSpacingMeters = 30.0
    /// Node spacing along corridors in metres.
    public static let nodeSpacingMeters = 5.0

    /// The corridor-grid venue (deterministic).
    public static func corridorGrid() -> Venue {
        let xs = [0.0, 30, 60, 90], ys = [0.0, 30, 60]
        let levelIDs = ["F0", "F1"]
        var builder = NavigationGraph.Builder(source: .authored)
        var nodeAt: [String: Int32] = [:]
        func key(_ p: LocalPoint, _ l: Int) -> String { "\(l):\(Int(p.x.rounded())):\(Int(p.y.rounded()))" }
        func node(_ p: LocalPoint, _ l: Int) -> Int32 {
            if let n = nodeAt[key(p, l)] { return n }
            let n = builder.addNode(NavNode(point: p, levelIndex: Int32(l)))
            nodeAt[key(p, l)] = n
            return n
        }
        let step = nodeSpacingMeters
        for l in levelIDs.indices {
            // Horizontal corridors.
            for y in ys {
                var x = xs[0]
                while x < xs[xs.count - 1] {
                    let a = node(LocalPoint(x: x, y: y), l), b = node(LocalPoint(x: x + step, y: y), l)
                    builder.addEdge(NavEdge(from: a, to: b, kind: .walkway, lengthMeters: step))
                    x += step
                }
            }
            // Vertical corridors.
            for x in xs {
                var y = ys[0]
                while y < ys[ys.count - 1] {
                    let a = node(LocalPoint(x: x, y: y), l), b = node(LocalPoint(x: x, y: y + step), l)
                    builder.addEdge(NavEdge(from: a, to: b, kind: .walkway, lengthMeters: step))
                    y += step
                }
            }
        }
        let stairsPoint = LocalPoint(x: 0, y: 0), liftPoint = LocalPoint(x: 90, y: 60)
        builder.addEdge(
            NavEdge(
                from: node(stairsPoint, 0), to: node(stairsPoint, 1), kind: .connector(.stairs), lengthMeters: 8,
                isAccessible: false, connectorIndex: 0))
        builder.addEdge(
            NavEdge(
                from: node(liftPoint, 0), to: node(liftPoint, 1), kind: .connector(.elevator), lengthMeters: 4,
                fixedSeconds: 20, connectorIndex: 1))
        let connectors = [
            Connector(
                id: "stairs-west", kind: .stairs, levelIDs: levelIDs,
                entries: levelIDs.map { Connector.Entry(levelID: $0, point: stairsPoint) }),
            Connector(
                id: "lift-east", kind: .elevator, levelIDs: levelIDs,
                entries: levelIDs.map { Connector.Entry(levelID: $0, point: liftPoint) }),
        ]
        func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Polygon {
            Polygon(exterior: [LocalPoint(x: x0, y: y0), LocalPoint(x: x1, y: y0), LocalPoint(x: x1, y: y1), LocalPoint(x: x0, y: y1)])
        }
        var spaces: [Space] = []
        var pois: [PointOfInterest] = []
        for (l, id) in levelIDs.enumerated() {
            spaces.append(
                Space(
                    id: "plate-\(id)", category: "walkway", polygon: rect(-2, -2, 92, 62), levelID: id,
                    name: LocalizedName("Corridors", language: "en"), buildingID: "HQ"))
            for i in 0..<3 {
                for j in 0..<2 {
                    let number = l * 100 + j * 10 + i + 1
                    let roomID = "room-\(number)"
                    let x0 = Double(i) * 30, y0 = Double(j) * 30
                    spaces.append(
                        Space(
                            id: roomID, category: "office", polygon: rect(x0 + 2, y0 + 2, x0 + 28, y0 + 28), levelID: id,
                            name: LocalizedName(["en": "Room \(number)", "de": "Raum \(number)"]), buildingID: "HQ"))
                    // The room's door POI sits on the corridor south of it.
                    pois.append(
                        PointOfInterest(
                            id: "poi-\(number)", category: j == 0 ? "office" : "meeting",
                            name: LocalizedName(["en": "Room \(number)", "de": "Raum \(number)"]),
                            position: LocalPoint(x: x0 + 15, y: y0), levelID: id, spaceID: roomID,
                            externalIDs: ["ext-\(number)"], source: .occupant,
                            universes: j == 1 && l == 1 ? ["staff"] : []))
                }
            }
        }
        pois.append(
            PointOfInterest(
                id: "cafe", category: "restaurant", name: LocalizedName(["en": "Cafeteria", "fr": "Cafétéria"]),
                position: LocalPoint(x: 45, y: 60), levelID: "F1", source: .amenity))
        let levels = [
            Level(
                id: "F0", ordinal: 0, name: LocalizedName(["en": "Ground floor", "de": "Erdgeschoss"]),
                shortName: LocalizedName("0", language: "en"), buildingIDs: ["HQ"]),
            Level(
                id: "F1", ordinal: 1, name: LocalizedName(["en": "First floor", "de": "Erster Stock"]),
                shortName: LocalizedName("1", language: "en"), buildingIDs: ["HQ"]),
        ]
        return Venue(
            id: "scenario-office", name: LocalizedName("Scenario office", language: "en"), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 48.1374, longitudeDegrees: 11.5755)),
            buildings: [Building(id: "HQ", name: LocalizedName("Headquarters", language: "en"))], levels: levels,
            spaces: spaces, openings: [], pois: pois, connectors: connectors,
            universes: [Universe(id: "staff", name: LocalizedName("Staff", language: "en"))], graph: builder.build())
    }
}
