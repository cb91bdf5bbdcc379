// swift-tools-version:6.0
// IndoorNav — indoor location fusion and follow-user engine.
// No outside Swift packages: system C libraries come in through `.systemLibrary` targets.
import PackageDescription

/// Every library module keeps a README.md beside its sources.
let readme: [String] = ["README.md"]

let package = Package(
    name: "IndoorNav",
    products: [
        // One product for clients: every library below except the HTTP service (libmicrohttpd).
        .library(name: "IndoorNav", targets: ["IndoorNav"]),
        .library(name: "IndoorConfiguration", targets: ["IndoorConfiguration"]),
        .library(name: "IndoorJSON", targets: ["IndoorJSON"]),
        .library(name: "IndoorGeometry", targets: ["IndoorGeometry"]),
        .library(name: "IndoorVenue", targets: ["IndoorVenue"]),
        .library(name: "IndoorRouting", targets: ["IndoorRouting"]),
        .library(name: "IndoorEstimation", targets: ["IndoorEstimation"]),
        .library(name: "IndoorRecordings", targets: ["IndoorRecordings"]),
        .library(name: "IndoorPositioning", targets: ["IndoorPositioning"]),
        .library(name: "IndoorSimulation", targets: ["IndoorSimulation"]),
        .library(name: "IndoorNavigation", targets: ["IndoorNavigation"]),
        .library(name: "IndoorEvaluation", targets: ["IndoorEvaluation"]),
        .library(name: "IndoorBenchmarks", targets: ["IndoorBenchmarks"]),
        .library(name: "IndoorRerouteService", targets: ["IndoorRerouteService"]),
        .library(name: "IndoorViewer", targets: ["IndoorViewer"]),
        .executable(name: "indoornav", targets: ["indoornav"]),
    ],
    targets: [
        // System libraries (only IndoorEstimation imports CGSL; only IndoorRerouteService imports CMicroHTTPD)
        .systemLibrary(name: "CGSL", path: "Sources/CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        // Core library, in the one direction imports flow
        .target(name: "IndoorConfiguration", exclude: readme),
        .target(name: "IndoorJSON", exclude: readme),
        .target(name: "IndoorGeometry", exclude: readme),
        .target(name: "IndoorVenue", dependencies: ["IndoorConfiguration", "IndoorGeometry", "IndoorJSON"], exclude: readme),
        .target(name: "IndoorRouting", dependencies: ["IndoorGeometry", "IndoorJSON", "IndoorVenue"], exclude: readme),
        .target(name: "IndoorPlot", dependencies: ["IndoorGeometry", "IndoorJSON", "IndoorVenue"], exclude: readme),
        .target(
            name: "IndoorViewer", dependencies: ["IndoorConfiguration", "IndoorGeometry", "IndoorJSON", "IndoorVenue", "IndoorPlot"],
            exclude: readme),
        .target(name: "IndoorEstimation", dependencies: ["CGSL", "IndoorConfiguration"], exclude: readme),
        .target(name: "IndoorRecordings", dependencies: ["IndoorConfiguration", "IndoorGeometry", "IndoorJSON"], exclude: readme),
        .target(
            name: "IndoorPositioning",
            dependencies: [
                "IndoorConfiguration", "IndoorGeometry", "IndoorJSON", "IndoorVenue", "IndoorEstimation", "IndoorRecordings",
            ], exclude: readme),
        .target(
            name: "IndoorSimulation",
            dependencies: [
                "IndoorConfiguration", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorRecordings", "IndoorPositioning",
                "IndoorNavigation",
            ],
            exclude: readme),
        .target(
            name: "IndoorNavigation",
            dependencies: [
                "IndoorConfiguration", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorRecordings", "IndoorPositioning",
            ], exclude: readme),
        .target(
            name: "IndoorEvaluation",
            dependencies: [
                "IndoorConfiguration", "IndoorGeometry", "IndoorJSON", "IndoorVenue", "IndoorRouting", "IndoorPlot", "IndoorRecordings",
                "IndoorPositioning",
                "IndoorNavigation",
            ], exclude: readme),
        .target(name: "IndoorCommandLine", dependencies: ["IndoorConfiguration", "IndoorJSON"], exclude: readme),
        .target(
            name: "IndoorBenchmarks",
            dependencies: [
                "IndoorGeometry", "IndoorJSON", "IndoorVenue", "IndoorRouting", "IndoorEstimation", "IndoorRecordings", "IndoorPositioning",
                "IndoorEvaluation",
            ], exclude: readme),
        .target(
            name: "IndoorRerouteService",
            dependencies: [
                "CMicroHTTPD", "IndoorConfiguration", "IndoorJSON", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorPositioning",
                "IndoorNavigation",
                "IndoorPlot", "IndoorViewer", "IndoorCommandLine",
            ],
            exclude: readme
        ),

        // The umbrella: re-exports the client libraries (Sources/IndoorNav/IndoorNav.swift).
        .target(
            name: "IndoorNav",
            dependencies: [
                "IndoorConfiguration", "IndoorJSON", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorEstimation",
                "IndoorRecordings", "IndoorPositioning", "IndoorSimulation", "IndoorNavigation", "IndoorEvaluation", "IndoorViewer",
            ], path: "Sources/IndoorNav"),

        // Tools
        .executableTarget(
            name: "indoornav",
            dependencies: [
                "IndoorGeometry", "IndoorJSON", "IndoorVenue", "IndoorRouting", "IndoorPlot", "IndoorViewer", "IndoorEstimation",
                "IndoorRecordings", "IndoorPositioning", "IndoorSimulation", "IndoorNavigation", "IndoorEvaluation", "IndoorBenchmarks",
                "IndoorRerouteService", "IndoorCommandLine", "IndoorConfiguration",
            ],
            path: "Tools/indoornav"
        ),
        // The GSL filter beside the plain-Swift reference (`swift run -c release filter-reference`): a
        // benchmark that links test support, so it is not part of the tool.
        .executableTarget(
            name: "filter-reference",
            dependencies: ["IndoorEstimation", "EstimationReference", "IndoorGeometry", "IndoorCommandLine", "IndoorBenchmarks"],
            path: "Tools/bench/filter-reference"
        ),

        // Test support: the plain-Swift reference of the filter maths (tests and `filter-reference`),
        // and venues built in code (routing and navigation tests)
        .target(name: "EstimationReference", dependencies: ["IndoorGeometry"], path: "Tests/Support/EstimationReference"),
        .target(name: "VenueFixtures", dependencies: ["IndoorGeometry", "IndoorVenue"], path: "Tests/Support/VenueFixtures"),
        // Headless Chromium for the viewer's browser tests (skipped where no Chromium is installed).
        .target(name: "BrowserHarness", path: "Tests/Support/BrowserHarness"),
        // The package root and the shared real data sets, for the tests that read them.
        .target(name: "SharedTestData", path: "Tests/Support/SharedTestData"),
        // A free loopback port for the tests that start real servers.
        .target(name: "LoopbackSupport", path: "Tests/Support/LoopbackSupport"),

        // Tests
        .testTarget(
            name: "IndoorConfigurationTests",
            dependencies: ["IndoorConfiguration", "IndoorEstimation", "IndoorPositioning", "IndoorNavigation"]),
        .testTarget(name: "IndoorJSONTests", dependencies: ["IndoorJSON"]),
        .testTarget(name: "IndoorGeometryTests", dependencies: ["IndoorGeometry"]),
        .testTarget(
            name: "IndoorVenueTests", dependencies: ["IndoorVenue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "IndoorRoutingTests", dependencies: ["IndoorRouting", "IndoorVenue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "IndoorPlotTests",
            dependencies: ["IndoorPlot", "IndoorViewer", "IndoorVenue", "IndoorGeometry", "IndoorJSON", "VenueFixtures"]),
        .testTarget(
            name: "IndoorEstimationTests",
            dependencies: ["IndoorEstimation", "IndoorConfiguration", "EstimationReference", "IndoorGeometry"]),
        .testTarget(
            name: "IndoorRecordingsTests", dependencies: ["IndoorRecordings", "IndoorConfiguration", "IndoorGeometry", "IndoorJSON"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "IndoorPositioningTests",
            dependencies: [
                "IndoorPositioning", "IndoorConfiguration", "IndoorRecordings", "IndoorVenue", "IndoorEstimation", "IndoorGeometry",
                "IndoorJSON", "SharedTestData",
            ]),
        .testTarget(
            name: "IndoorSimulationTests",
            dependencies: [
                "IndoorSimulation", "IndoorNavigation", "IndoorPositioning", "IndoorRecordings", "IndoorRouting", "IndoorVenue",
                "IndoorGeometry", "VenueFixtures",
            ]
        ),
        .testTarget(
            name: "IndoorNavigationTests",
            dependencies: [
                "IndoorConfiguration", "IndoorNavigation", "IndoorRouting", "IndoorPositioning", "IndoorVenue", "IndoorGeometry",
                "VenueFixtures",
            ]
        ),
        .testTarget(
            name: "IndoorRerouteServiceTests",
            dependencies: [
                "IndoorRerouteService", "IndoorJSON", "IndoorGeometry", "IndoorVenue", "IndoorRouting", "IndoorNavigation",
                "IndoorPositioning", "VenueFixtures", "BrowserHarness", "LoopbackSupport",
            ]
        ),
        .testTarget(
            name: "IndoorEvaluationTests",
            dependencies: [
                "IndoorEvaluation", "IndoorConfiguration", "IndoorPositioning", "IndoorNavigation", "IndoorRecordings", "IndoorVenue",
                "IndoorGeometry", "IndoorJSON", "SharedTestData",
            ]),
        // Reads the sources: doc comments on public declarations, DocC articles against the code.
        .testTarget(
            name: "IndoorBenchmarksTests",
            dependencies: [
                "IndoorBenchmarks", "IndoorEvaluation", "IndoorPositioning", "IndoorRecordings", "IndoorVenue", "IndoorGeometry",
                "IndoorJSON",
                "SharedTestData", "VenueFixtures",
            ]),
        .testTarget(name: "IndoorCommandLineTests", dependencies: ["IndoorCommandLine", "IndoorConfiguration"]),
        .testTarget(name: "DocumentationTests"),
        // Runs the built `indoornav` binary on real files: flags, exit codes, output shapes.
        .testTarget(name: "CLITests", dependencies: ["indoornav", "IndoorJSON", "IndoorRecordings", "BrowserHarness", "LoopbackSupport"]),
    ]
)
