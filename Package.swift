// swift-tools-version:6.0
// IndoorNav — indoor location fusion and follow-user engine.
// No outside Swift packages: system C libraries come in through `.systemLibrary` targets.
import PackageDescription

/// Every library module keeps a README.md beside its sources.
let readme: [String] = ["README.md"]

let package = Package(
    name: "IndoorNav",
    products: [
        .library(name: "IndoorJSON", targets: ["IndoorJSON"]),
        .library(name: "IndoorGeometry", targets: ["IndoorGeometry"]),
        .library(name: "Venue", targets: ["Venue"]),
        .library(name: "Routing", targets: ["Routing"]),
        .library(name: "Estimation", targets: ["Estimation"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "Positioning", targets: ["Positioning"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "RerouteService", targets: ["RerouteService"]),
        .library(name: "IndoorViewer", targets: ["IndoorViewer"]),
        .executable(name: "indoornav", targets: ["indoornav"]),
    ],
    targets: [
        // System libraries (only Estimation imports CGSL; only RerouteService imports CMicroHTTPD)
        .systemLibrary(name: "CGSL", path: "Sources/CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        // Core library, in the one direction imports flow
        .target(name: "IndoorJSON", exclude: readme),
        .target(name: "IndoorGeometry", exclude: readme),
        .target(name: "Venue", dependencies: ["IndoorGeometry", "IndoorJSON"], exclude: readme),
        .target(name: "Routing", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue"], exclude: readme),
        .target(name: "IndoorPlot", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue"], exclude: readme),
        .target(name: "IndoorViewer", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue", "IndoorPlot"], exclude: readme),
        .target(name: "Estimation", dependencies: ["CGSL"], exclude: readme),
        .target(name: "Recordings", dependencies: ["IndoorGeometry", "IndoorJSON"], exclude: readme),
        .target(name: "Positioning", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue", "Estimation", "Recordings"], exclude: readme),
        .target(name: "Simulation", dependencies: ["IndoorGeometry", "Venue", "Routing", "Recordings"], exclude: readme),
        .target(name: "Navigation", dependencies: ["IndoorGeometry", "Venue", "Routing", "Positioning"], exclude: readme),
        .target(
            name: "RerouteService",
            dependencies: ["CMicroHTTPD", "IndoorJSON", "IndoorGeometry", "Venue", "Routing", "Positioning", "Navigation", "IndoorPlot", "IndoorViewer"],
            exclude: readme
        ),

        // Tools
        .executableTarget(
            name: "indoornav",
            dependencies: [
                "IndoorGeometry", "IndoorJSON", "Venue", "Routing", "IndoorPlot", "IndoorViewer", "Estimation",
                "Recordings", "Positioning", "Simulation", "Navigation", "RerouteService",
            ],
            path: "Tools/indoornav"
        ),
        // The GSL filter beside the plain-Swift reference (`swift run -c release filter-reference`): a
        // benchmark that links test support, so it is not part of the tool.
        .executableTarget(
            name: "filter-reference", dependencies: ["Estimation", "EstimationReference", "IndoorGeometry"],
            path: "Tools/bench/filter-reference"
        ),

        // Test support: the plain-Swift reference of the filter maths (tests and `filter-reference`),
        // and venues built in code (routing and navigation tests)
        .target(name: "EstimationReference", dependencies: ["IndoorGeometry"], path: "Tests/Support/EstimationReference"),
        .target(name: "VenueFixtures", dependencies: ["IndoorGeometry", "Venue"], path: "Tests/Support/VenueFixtures"),
        // Headless Chromium for the viewer's browser tests (skipped where no Chromium is installed).
        .target(name: "BrowserHarness", path: "Tests/Support/BrowserHarness"),
        // A free loopback port for the tests that start real servers.
        .target(name: "LoopbackSupport", path: "Tests/Support/LoopbackSupport"),

        // Tests
        .testTarget(name: "IndoorJSONTests", dependencies: ["IndoorJSON"]),
        .testTarget(name: "IndoorGeometryTests", dependencies: ["IndoorGeometry"]),
        .testTarget(name: "VenueTests", dependencies: ["Venue", "IndoorGeometry", "IndoorJSON"], resources: [.copy("Fixtures")]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "Venue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"]),
        .testTarget(name: "IndoorPlotTests", dependencies: ["IndoorPlot", "IndoorViewer", "Venue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"]),
        .testTarget(name: "EstimationTests", dependencies: ["Estimation", "EstimationReference", "IndoorGeometry"]),
        .testTarget(
            name: "RecordingsTests", dependencies: ["Recordings", "IndoorGeometry", "IndoorJSON"], resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "PositioningTests", dependencies: ["Positioning", "Recordings", "Venue", "Estimation", "IndoorGeometry", "IndoorJSON"]),
        .testTarget(
            name: "SimulationTests", dependencies: ["Simulation", "Recordings", "Routing", "Venue", "IndoorGeometry", "VenueFixtures"]
        ),
        .testTarget(
            name: "NavigationTests", dependencies: ["Navigation", "Routing", "Positioning", "Venue", "IndoorGeometry", "VenueFixtures"]
        ),
        .testTarget(
            name: "RerouteServiceTests",
            dependencies: ["RerouteService", "IndoorJSON", "IndoorGeometry", "Venue", "Routing", "Navigation", "Positioning", "VenueFixtures", "BrowserHarness", "LoopbackSupport"]
        ),
        // Reads the sources: doc comments on public declarations, DocC articles against the code.
        .testTarget(name: "DocumentationTests"),
        // Runs the built `indoornav` binary on real files: flags, exit codes, output shapes.
        .testTarget(name: "CLITests", dependencies: ["indoornav", "IndoorJSON", "BrowserHarness", "LoopbackSupport"]),
    ]
)
