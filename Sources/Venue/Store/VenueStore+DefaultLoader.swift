extension VenueStore {
    /// Reads a venue folder in any format ``VenueLoader`` knows, plus ILC sites when its list lacks them,
    /// with default ``VenueLoadOptions``.
    public static let defaultLoader: @Sendable (String) throws(VenueError) -> Venue = { path throws(VenueError) in
        let hasILC = VenueLoader.formats.contains { $0.name == VenueFormat.ilc.name }
        for format in VenueLoader.formats + (hasILC ? [] : [.ilc]) {
            if let folder = format.detect(path) { return try format.load(folder, VenueLoadOptions()) }
        }
        return try VenueLoader.load(path: path)
    }

    /// A store reading venues with ``defaultLoader``.
    public init(directory: String, clock: @escaping @Sendable () -> Double) {
        self.init(directory: directory, clock: clock, loader: VenueStore.defaultLoader)
    }
}
