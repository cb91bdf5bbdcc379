import Foundation
import IndoorCommandLine
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import IndoorRouting
import IndoorVenue

/// `indoornav venue graph PATH -o graph.geojson [--graph derived|authored|FILE|DIR]`: the navigation graph in
/// IndoorNav's node/edge GeoJSON (`--graph derived` exports the graph derived from the geometry).
enum VenueGraphCommand {
    static let spec = CommandSpec(
        path: ["venue", "graph"], summary: "export the navigation graph as node/edge GeoJSON for GIS tools", inputs: Inputs.self,
        examples: ["venue graph Recordings/venues/campus -o graph.geojson"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var path: String
        @Option(
            SharedOptions.output("graph.geojson", "the GeoJSON file to write", example: "-o graph.geojson").with(
                default: "standard output")) var output: String?
        @Option(SharedOptions.graph) var graph: String?
        func run() throws -> Int32 {
            let venue = try VenueGraphChoice.load(path, graph: graph)
            if let output { try OutputFile.refuseOverwritingInput(output, inputs: [path], folders: [path]) }
            try emit(NodeEdgeGeoJSON.write(venue), to: output)
            if let output { warn("wrote \(venue.graph.nodes.count) nodes and \(venue.graph.edges.count) edges to \(output)") }
            return 0
        }
    }

}
