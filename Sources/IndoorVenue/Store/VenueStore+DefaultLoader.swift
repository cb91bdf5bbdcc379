extension VenueStore {
    /// Load options of ``defaultLoader``: the authored graph when the venue has one, else a graph derived
    /// from its geometry (``GraphDerivation``), so a stored venue is ready to route on.
    public static let defaultLoadOptions = VenueLoadOptions(graphWhenNoneAuthored: { venue in
        let derived = GraphDerivation.derive(venue)
        return venue.replacingGraph(derived.graph, addingWarnings: derived.issues)
    })

    /// Reads a venue folder in any format ``VenueLoader`` knows, plus ILC sites when its list lacks them,
    /// with ``defaultLoadOptions``.
    public static let defaultLoader: @Sendable (String) throws(VenueError) -> Venue = { path throws(VenueError) in
        let hasILC = VenueLoader.formats.contains { $0.name == VenueFormat.ilc.name }
        for format in VenueLoader.formats + (hasILC ? [] : [.ilc]) {
            if let folder = format.detect(path) { return try format.load(folder, defaultLoadOptions) }
        }
        return try VenueLoader.load(path: path, options: defaultLoadOptions)
    }

    /// A store reading venues with ``defaultLoader``.
    public init(directory: String, clock: @escaping @Sendable () -> Double) {
        self.init(directory: directory, clock: clock, loader: VenueStore.defaultLoader)
    }
}
