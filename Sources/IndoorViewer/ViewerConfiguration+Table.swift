import IndoorConfiguration

extension ViewerConfiguration: TunableConfiguration {
    /// The one table of the viewer's numeric tunables (the live part's poll interval is checked with it).
    public static let table = TunableTable<Self>(
        name: "viewer", defaults: Self(),
        [
            Tunable(\.canvasPixels, unit: "SVG units", range: 200...20_000, "the drawing's longer side"),
            Tunable(\.marginMeters, unit: "m", range: 0...1_000, "space kept around the venue and the data"),
            Tunable(\.labelPixels, unit: "SVG units", range: 4...100, "room label size when a level fills the canvas"),
        ])
}
