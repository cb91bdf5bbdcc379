extension VenueFormat {
    /// A Microsoft Indoor Location Competition site folder (floor folders with `floor_info.json` and
    /// `geojson_map.json`), read by ``ILCVenueLoader``; the graph comes from `options` (an explicit
    /// graph file, a `graph.geojson` in the folder, or ``VenueLoadOptions/graphWhenNoneAuthored``).
    public static let ilc = VenueFormat(
        name: "ilc", detect: { ILCVenueLoader.isILCFolder($0) ? $0 : nil },
        load: { folder, options throws(VenueError) in
            try AuthoredGraphImport.attachGraph(to: try ILCVenueLoader.load(path: folder), folder: folder, options: options)
        })
}
