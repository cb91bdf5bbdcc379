import Foundation
import IndoorVenue

/// The `--graph derived|authored|FILE|DIR` option shared by commands that load a venue.
enum VenueGraphChoice {
    /// Load options for the choice: `derived` ignores authored graphs, `authored` uses the archive's own
    /// (deriving one when there is none); anything else is a node/edge graph file, or a folder holding
    /// `graph.geojson`, relative to the working directory.
    static func options(_ choice: String) -> VenueLoadOptions {
        switch choice {
        case "derived": return VenueLoadOptions(useAuthoredGraph: false)
        case "authored": return VenueLoadOptions()
        default:
            var path =
                choice.hasPrefix("/")
                ? choice
                : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(choice)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                path = (path as NSString).appendingPathComponent("graph.geojson")
            }
            return VenueLoadOptions(graphPath: path)
        }
    }

    /// Loads a venue with the graph `choice` names, or as the loader does by default when `nil`.
    static func load(_ path: String, graph choice: String?) throws(VenueError) -> Venue {
        try VenueLoader.load(path: path, options: choice.map(options) ?? VenueLoadOptions())
    }
}
