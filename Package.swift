// swift-tools-version:6.0
// IndoorNav — indoor location fusion and follow-user engine.
// No outside Swift packages: system C libraries come in through `.systemLibrary` targets.
import PackageDescription

let package = Package(
    name: "IndoorNav",
    products: [
        .library(name: "IndoorGeometry", targets: ["IndoorGeometry"]),
        .library(name: "Venue", targets: ["Venue"]),
        .library(name: "Routing", targets: ["Routing"]),
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        .library(name: "RerouteService", targets: ["RerouteService"]),
        .library(name: "Estimation", targets: ["Estimation"]),
        .library(name: "Recordings", targets: ["Recordings"]),
        .library(name: "Positioning", targets: ["Positioning"]),
        .executable(name: "indoornav", targets: ["indoornav"]),
    ],
    targets: [
        // System libraries
        .systemLibrary(
            name: "CGSL",
            path: "Sources/CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),

        .systemLibrary(
            name: "CMicroHTTPD",
            path: "Sources/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        // Core library, in the one direction imports flow
        .target(name: "IndoorJSON", exclude: ["README.md"]),
        .target(name: "IndoorGeometry", exclude: ["README.md"]),
        .target(name: "Venue", dependencies: ["IndoorGeometry", "IndoorJSON"], exclude: ["README.md"]),
        .target(name: "Estimation", dependencies: ["CGSL"], exclude: ["README.md"]),
        // Plain-Swift reference of the filter maths, for cross-checking tests and benchmarks only.
        .target(name: "EstimationReference", dependencies: ["IndoorGeometry"], path: "Tests/Support/EstimationReference"),
        // Venues built in code, shared by the routing and navigation tests.
        .target(name: "VenueFixtures", dependencies: ["IndoorGeometry", "Venue"], path: "Tests/Support/VenueFixtures"),
        .target(name: "Recordings", dependencies: ["IndoorGeometry", "IndoorJSON"], exclude: ["README.md"]),
        .target(name: "Routing", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue"], exclude: ["README.md"]),
        .target(name: "Simulation", dependencies: ["IndoorGeometry", "Venue", "Routing", "Recordings"], exclude: ["README.md"]),
        .target(name: "Navigation", dependencies: ["IndoorGeometry", "Venue", "Routing", "Positioning"], exclude: ["README.md"]),
        .target(
            name: "RerouteService",
            dependencies: ["CMicroHTTPD", "IndoorJSON", "IndoorGeometry", "Venue", "Routing", "Positioning", "Navigation"],
            exclude: ["README.md"]
        ),
        .target(name: "IndoorPlot", dependencies: ["IndoorGeometry", "IndoorJSON", "Venue"], exclude: ["README.md"]),
        .target(name: "Positioning", dependencies: ["IndoorGeometry", "Venue", "Estimation", "Recordings"], exclude: ["README.md"]),

        // Tools
        .executableTarget(
            name: "indoornav",
            dependencies: [
                "IndoorGeometry", "IndoorJSON", "Venue", "Routing", "Navigation", "RerouteService", "Simulation", "IndoorPlot", "Estimation", "EstimationReference", "Recordings",
                "Positioning",
            ],
            path: "Tools/indoornav"
        ),

        // Tests
        .testTarget(name: "IndoorJSONTests", dependencies: ["IndoorJSON"]),
        .testTarget(name: "IndoorGeometryTests", dependencies: ["IndoorGeometry"]),
        .testTarget(
            name: "VenueTests",
            dependencies: ["Venue", "IndoorGeometry", "IndoorJSON"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "Venue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"]),
        .testTarget(
            name: "NavigationTests",
            dependencies: ["Navigation", "Routing", "Positioning", "Venue", "IndoorGeometry", "VenueFixtures"]
        ),
        .testTarget(
            name: "SimulationTests",
            dependencies: ["Simulation", "Recordings", "Routing", "Venue", "IndoorGeometry", "VenueFixtures"]
        ),
        // Runs the built `indoornav` binary on real files: flags, exit codes, output shapes.
        .testTarget(name: "CLITests", dependencies: ["indoornav", "IndoorJSON"]),
        .testTarget(
            name: "RerouteServiceTests",
            dependencies: ["RerouteService", "IndoorJSON", "Venue", "Routing", "Navigation", "VenueFixtures"]
        ),
        .testTarget(name: "IndoorPlotTests", dependencies: ["IndoorPlot", "Venue", "IndoorGeometry"]),
        .testTarget(name: "EstimationTests", dependencies: ["Estimation", "EstimationReference", "IndoorGeometry"]),
        .testTarget(
            name: "RecordingsTests",
            dependencies: ["Recordings", "IndoorGeometry", "IndoorJSON"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PositioningTests",
            dependencies: ["Positioning", "Recordings", "Venue", "Estimation", "IndoorGeometry"]
        ),
    ]
)
