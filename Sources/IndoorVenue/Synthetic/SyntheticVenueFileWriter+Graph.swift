import IndoorGeometry

extension SyntheticVenueFileWriter {
    /// `amenity`, `occupant` and `anchor` collections.
    func writePOIs(_ summary: inout SyntheticVenueGenerator.Summary) throws(SyntheticVenueError) {
        let amenities = plan.pois.filter { $0.kind == .amenity }
        let occupants = plan.pois.filter { $0.kind == .occupant }
        try collection("amenity", &summary) { w throws(SyntheticVenueError) in
            for (k, poi) in amenities.enumerated() {
                try feature(&w, id: poi.id, type: "amenity", first: k == 0) { w throws(SyntheticVenueError) in
                    w.pointGeometry(poi.point)
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw("\"category\":\"\(poi.category)\",\"accessibility\":null,\"name\":")
                    name(&w, poi.name)
                    try w.raw(
                        ",\"alt_name\":null,\"hours\":null,\"phone\":null,\"website\":null,\"address_id\":null,"
                            + "\"correlation_id\":null,\"unit_ids\":[")
                    w.string(poi.unitID)
                    try w.raw("]")
                }
            }
        }
        try collection("anchor", &summary) { w throws(SyntheticVenueError) in
            for (k, poi) in occupants.enumerated() {
                try feature(&w, id: poi.id + "-anchor", type: "anchor", first: k == 0) { w throws(SyntheticVenueError) in
                    w.pointGeometry(poi.point)
                } properties: { w throws(SyntheticVenueError) in
                    try w.raw("\"address_id\":null,\"unit_id\":")
                    w.string(poi.unitID)
                }
            }
        }
        try collection("occupant", &summary) { w throws(SyntheticVenueError) in
            for (k, poi) in occupants.enumerated() {
                try feature(&w, id: poi.id, type: "occupant", first: k == 0, geometry: nil) { w throws(SyntheticVenueError) in
                    try w.raw("\"category\":\"\(poi.category)\",\"name\":")
                    name(&w, poi.name)
                    try w.raw(",\"hours\":null,\"phone\":null,\"website\":null,\"validity\":null,\"correlation_id\":null,\"anchor_id\":")
                    w.string(poi.id + "-anchor")
                }
            }
        }
    }

    /// `relationship` collection: origin, intermediaries and destination are units.
    func writeRelationships(_ summary: inout SyntheticVenueGenerator.Summary) throws(SyntheticVenueError) {
        func reference(_ w: inout GeoJSONTextWriter, _ unitID: String) {
            w.append("{\"id\":")
            w.string(unitID)
            w.append(",\"feature_type\":\"unit\"}")
        }
        try collection("relationship", &summary) { w throws(SyntheticVenueError) in
            for (k, r) in plan.relationships.enumerated() {
                guard let origin = r.unitIDs.first, let destination = r.unitIDs.last else { continue }
                try feature(&w, id: r.id, type: "relationship", first: k == 0, geometry: nil) { w throws(SyntheticVenueError) in
                    try w.raw(
                        "\"category\":\"\(r.category)\",\"direction\":\"\(r.isDirected ? "directed" : "undirected")\","
                            + "\"hours\":null,\"origin\":")
                    reference(&w, origin)
                    try w.raw(",\"intermediary\":")
                    if r.unitIDs.count > 2 {
                        try w.raw("[")
                        for (i, unit) in r.unitIDs.dropFirst().dropLast().enumerated() {
                            if i > 0 { try w.raw(",") }
                            reference(&w, unit)
                        }
                        try w.raw("]")
                    } else {
                        try w.raw("null")
                    }
                    try w.raw(",\"destination\":")
                    reference(&w, destination)
                }
            }
        }
    }

    /// `graph.geojson`: nodes as Points with `level_id`, `kind`, `ref`; edges as two-point LineStrings
    /// with `from`, `to` and only the properties that differ from the format's defaults.
    func writeGraph(_ summary: inout SyntheticVenueGenerator.Summary) throws(SyntheticVenueError) {
        let levelIDs = plan.levels.map(\.id)
        try file("graph.geojson", &summary) { w throws(SyntheticVenueError) in
            try w.raw("{\"type\":\"FeatureCollection\",\"name\":\"graph\",\"features\":[")
            for (i, node) in plan.nodes.enumerated() {
                try w.raw(
                    i == 0
                        ? "\n{\"type\":\"Feature\",\"id\":\"n\(i)\",\"geometry\":"
                        : ",\n{\"type\":\"Feature\",\"id\":\"n\(i)\",\"geometry\":")
                w.pointGeometry(node.point)
                w.append(",\"properties\":{\"level_id\":\"\(levelIDs[Int(node.levelIndex)])\"")
                if let kind = node.kind { w.append(",\"kind\":\"\(kind)\"") }
                if let ref = node.ref {
                    w.append(",\"ref\":")
                    w.string(ref)
                }
                try w.raw("}}")
            }
            for edge in plan.edges {
                try w.raw(",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[")
                w.position(plan.nodes[Int(edge.from)].point)
                w.append(",")
                w.position(plan.nodes[Int(edge.to)].point)
                w.append("]},\"properties\":{\"from\":\"n\(edge.from)\",\"to\":\"n\(edge.to)\"")
                if let kind = edge.kind { w.append(",\"kind\":\"\(kind)\"") }
                if edge.isOneWay { w.append(",\"one_way\":true") }
                if edge.allowsVehicles {
                    w.append(edge.allowsPedestrians ? ",\"modes\":[\"pedestrian\",\"vehicle\"]" : ",\"modes\":[\"vehicle\"]")
                }
                if let connector = edge.connectorID {
                    w.append(",\"connector_id\":")
                    w.string(connector)
                }
                try w.raw("}}")
            }
            try w.raw("\n]}\n")
        }
    }
}
