import IndoorGeometry
import IndoorJSON

/// Writes a venue's navigation graph in IndoorNav's node/edge GeoJSON (the format the authored-graph
/// loader reads, so an export loads back as the same graph), for GIS tools and peer benchmarks.
///
/// Nodes are Point features with id `n<index>` and properties `level_id`, `kind`, `ref` (the feature
/// the node stands for); edges are LineString features with `from`, `to`, `kind`, `one_way`, `modes`,
/// `accessible`, `length_m`, `fixed_s`, `connector_id`, `level_id` (the level of `from`) and, for edges
/// between levels, `to_level_id`. Coordinates are WGS84 longitude/latitude with 7 decimals (about 1 cm).
public enum NodeEdgeGeoJSON {
    /// The GeoJSON text. - Complexity: O(V + E)
    public static func write(_ venue: Venue) -> String {
        let graph = venue.graph
        var out = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        out.reserveCapacity(graph.nodes.count * 160 + graph.edges.count * 220)
        var first = true
        func separator() { if first { first = false } else { out += ",\n" } }
        var coordinates = [String]()
        coordinates.reserveCapacity(graph.nodes.count)
        for node in graph.nodes {
            let g = venue.frame.geoCoordinate(from: node.point)
            var c = "["
            JSONValue.writeNumber(rounded(g.longitudeDegrees), into: &c)
            c += ","
            JSONValue.writeNumber(rounded(g.latitudeDegrees), into: &c)
            c += "]"
            coordinates.append(c)
        }
        for (i, node) in graph.nodes.enumerated() {
            separator()
            out +=
                "{\"type\":\"Feature\",\"id\":\"n\(i)\",\"geometry\":{\"type\":\"Point\",\"coordinates\":\(coordinates[i])},\"properties\":{\"level_id\":"
            JSONValue.writeString(venue.levels[Int(node.levelIndex)].id, into: &out)
            out += ",\"kind\":\"\(node.kind.rawValue)\""
            if let ref = node.featureID {
                out += ",\"ref\":"
                JSONValue.writeString(ref, into: &out)
            }
            out += "}}"
        }
        for (k, edge) in graph.edges.enumerated() {
            separator()
            out +=
                "{\"type\":\"Feature\",\"id\":\"e\(k)\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[\(coordinates[Int(edge.from)]),\(coordinates[Int(edge.to)])]},"
            out +=
                "\"properties\":{\"from\":\"n\(edge.from)\",\"to\":\"n\(edge.to)\",\"kind\":\"\(edge.kind.name)\",\"one_way\":\(edge.isOneWay),"
            var modes: [String] = []
            if edge.modes.contains(.pedestrian) { modes.append("\"pedestrian\"") }
            if edge.modes.contains(.vehicle) { modes.append("\"vehicle\"") }
            let fromLevel = Int(graph.nodes[Int(edge.from)].levelIndex), toLevel = Int(graph.nodes[Int(edge.to)].levelIndex)
            out += "\"level_id\":"
            JSONValue.writeString(venue.levels[fromLevel].id, into: &out)
            if toLevel != fromLevel {
                out += ",\"to_level_id\":"
                JSONValue.writeString(venue.levels[toLevel].id, into: &out)
            }
            out += ",\"modes\":[\(modes.joined(separator: ","))],\"accessible\":\(edge.isAccessible),\"length_m\":"
            JSONValue.writeNumber((edge.lengthMeters * 1000).rounded() / 1000, into: &out)
            out += ",\"fixed_s\":"
            JSONValue.writeNumber(edge.fixedSeconds, into: &out)
            if let c = edge.connectorIndex {
                out += ",\"connector_id\":"
                JSONValue.writeString(venue.connectors[Int(c)].id, into: &out)
            }
            out += "}}"
        }
        out += "\n]}\n"
        return out
    }

    /// 1e-7 degrees (about a centimetre), the precision GIS tools expect.
    private static func rounded(_ degrees: Double) -> Double { (degrees * 1e7).rounded() / 1e7 }
}
