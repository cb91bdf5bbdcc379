import IndoorGeometry

/// Writes a ``SyntheticVenuePlan`` as IMDF feature collections and the node/edge graph file.
struct SyntheticVenueFileWriter {
    let plan: SyntheticVenuePlan
    let configuration: SyntheticVenueConfiguration
    let frame: LocalFrame
    let directory: String

    /// Fixed `created` stamp of the manifest, so output bytes depend on the configuration only.
    static let manifestCreated = "2024-01-01T00:00:00Z"

    func writeAll(into summary: inout SyntheticVenueGenerator.Summary) throws(SyntheticVenueError) {
        try file("manifest.json", &summary) { w throws(SyntheticVenueError) in
            try w.raw("{\"version\":\"1.0.0\",\"created\":\"\(Self.manifestCreated)\",\"generated_by\":")
            w.string("IndoorNav synthetic venue generator, seed \(configuration.seed)")
            try w.raw(",\"language\":\"en\"}\n")
        }
        try collection("venue", &summary) { w throws(SyntheticVenueError) in
            try feature(&w, id: "synthetic-\(configuration.seed)", type: "venue", first: true) { w throws(SyntheticVenueError) in
                w.boxPolygon(plan.bounds.expanded(by: 5))
            } properties: { w throws(SyntheticVenueError) in
                try w.raw("\"category\":\"shoppingcenter\",\"restriction\":null,\"name\":")
                name(&w, .init(en: "Synthetic Centre \(configuration.seed)", de: "Synthetisches Zentrum \(configuration.seed)"))
                try w.raw(",\"alt_name\":null,\"hours\":null,\"phone\":null,\"website\":null,\"address_id\":null,\"display_point\":")
                w.pointGeometry(plan.bounds.center)
            }
        }
        try collection("building", &summary) { w throws(SyntheticVenueError) in
            for (k, b) in plan.buildings.enumerated() {
                try feature(&w, id: b.id, type: "building", first: k == 0) { w throws(SyntheticVenueError) in
                    w.boxPolygon(b.bounds)
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw("\"category\":\"unspecified\",\"restriction\":null,\"name\":")
                    name(&w, b.name)
                    try w.raw(",\"alt_name\":null,\"address_id\":null,\"display_point\":")
                    w.pointGeometry(b.bounds.center)
                }
            }
        }
        try collection("level", &summary) { w throws(SyntheticVenueError) in
            for (k, level) in plan.levels.enumerated() {
                try feature(&w, id: level.id, type: "level", first: k == 0) { w throws(SyntheticVenueError) in
                    w.boxPolygon(plan.bounds)
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw(
                        "\"category\":\"\(level.isParking ? "parking" : "unspecified")\",\"restriction\":null,"
                            + "\"outdoor\":false,\"ordinal\":\(level.ordinal),\"name\":")
                    name(&w, level.name)
                    try w.raw(",\"short_name\":")
                    name(&w, level.shortName)
                    try w.raw(",\"address_id\":null,\"building_ids\":[")
                    for (i, b) in plan.buildings.enumerated() {
                        if i > 0 { try w.raw(",") }
                        w.string(b.id)
                    }
                    try w.raw("],\"display_point\":")
                    w.pointGeometry(plan.bounds.center)
                }
            }
        }
        try collection("unit", &summary) { w throws(SyntheticVenueError) in
            for (k, unit) in plan.units.enumerated() {
                try feature(&w, id: unit.id, type: "unit", first: k == 0) { w throws(SyntheticVenueError) in
                    w.boxPolygon(unit.bounds)
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw("\"category\":\"\(unit.category)\",\"restriction\":null,\"accessibility\":null,\"name\":")
                    if let n = unit.name { name(&w, n) } else { try w.raw("null") }
                    try w.raw(",\"alt_name\":null,\"level_id\":\"\(plan.levels[unit.levelIndex].id)\",\"display_point\":")
                    w.pointGeometry(unit.bounds.center)
                }
            }
        }
        try collection("opening", &summary) { w throws(SyntheticVenueError) in
            for (k, opening) in plan.openings.enumerated() {
                try feature(&w, id: opening.id, type: "opening", first: k == 0) { w throws(SyntheticVenueError) in
                    try w.raw("{\"type\":\"LineString\",\"coordinates\":[")
                    w.position(opening.start)
                    try w.raw(",")
                    w.position(opening.end)
                    try w.raw("]}")
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw(
                        "\"category\":\"\(opening.category)\",\"accessibility\":null,\"access_control\":null,"
                            + "\"door\":null,\"name\":null,\"alt_name\":null,\"display_point\":")
                    w.pointGeometry(LocalPoint(x: (opening.start.x + opening.end.x) / 2, y: (opening.start.y + opening.end.y) / 2))
                    try w.raw(",\"level_id\":\"\(plan.levels[opening.levelIndex].id)\"")
                }
            }
        }
        try writePOIs(&summary)
        try writeRelationships(&summary)
        try writeGraph(&summary)
    }

    /// `{"en":…,"de":…}`
    func name(_ w: inout GeoJSONTextWriter, _ name: SyntheticVenuePlan.Name) {
        w.append("{\"en\":")
        w.string(name.en)
        w.append(",\"de\":")
        w.string(name.de)
        w.append("}")
    }

    /// Writes one file through a fresh writer and records it in the summary.
    func file(
        _ fileName: String, _ summary: inout SyntheticVenueGenerator.Summary,
        _ body: (inout GeoJSONTextWriter) throws(SyntheticVenueError) -> Void
    ) throws(SyntheticVenueError) {
        var w = try GeoJSONTextWriter(path: directory + "/" + fileName, frame: frame)
        try body(&w)
        try w.close()
        summary.bytesWritten += w.byteCount
        summary.files.append(fileName)
    }

    /// Writes `<name>.geojson` as a FeatureCollection whose features `body` writes.
    func collection(
        _ name: String, _ summary: inout SyntheticVenueGenerator.Summary,
        _ body: (inout GeoJSONTextWriter) throws(SyntheticVenueError) -> Void
    ) throws(SyntheticVenueError) {
        try file(name + ".geojson", &summary) { w throws(SyntheticVenueError) in
            try w.raw("{\"type\":\"FeatureCollection\",\"name\":\"\(name)\",\"features\":[")
            try body(&w)
            try w.raw("\n]}\n")
        }
    }

    /// One IMDF feature on its own line; `geometry` nil writes `null`.
    func feature(
        _ w: inout GeoJSONTextWriter, id: String, type: String, first: Bool,
        geometry: ((inout GeoJSONTextWriter) throws(SyntheticVenueError) -> Void)?,
        properties: (inout GeoJSONTextWriter) throws(SyntheticVenueError) -> Void
    ) throws(SyntheticVenueError) {
        try w.raw(first ? "\n{\"id\":" : ",\n{\"id\":")
        w.string(id)
        try w.raw(",\"type\":\"Feature\",\"feature_type\":\"\(type)\",\"geometry\":")
        if let geometry { try geometry(&w) } else { try w.raw("null") }
        try w.raw(",\"properties\":{")
        try properties(&w)
        try w.raw("}}")
    }
}
