import Foundation
import IndoorCommandLine
import IndoorVenue

/// The `--graph derived|authored|FILE|DIR` option shared by commands that load a venue.
enum VenueGraphChoice {
    /// Load options for the choice: `derived` ignores authored graphs, `authored` uses the archive's own
    /// (deriving one when there is none); anything else is a node/edge graph file, or a folder holding
    /// `navPath.geojson`, the pair `node.geojson` + `edge.geojson` or `graph.geojson` (searched in that
    /// order, as beside an archive), relative to the working directory.
    static func options(_ choice: String) -> VenueLoadOptions {
        switch choice {
        case "derived": return VenueLoadOptions(useAuthoredGraph: false)
        case "authored": return VenueLoadOptions()
        default:
            let path =
                choice.hasPrefix("/")
                ? choice
                : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(choice)
            return VenueLoadOptions(graphPath: path)
        }
    }

    /// What the graph of a loaded venue is, for reports: `derived`, or `authored from FILE[, FILE]`.
    static func describe(_ venue: Venue) -> String {
        venue.graphFiles.isEmpty
            ? venue.graph.source.rawValue : "\(venue.graph.source.rawValue) from \(venue.graphFiles.joined(separator: " + "))"
    }

    /// Loads a venue with the graph `choice` names, or as the loader does by default when `nil`.
    static func load(_ path: String, graph choice: String?) throws(VenueError) -> Venue {
        try VenueLoader.load(path: path, options: choice.map(options) ?? VenueLoadOptions())
    }
}
