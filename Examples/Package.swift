// swift-tools-version:6.0
// Programs written outside the IndoorNav package, against its public libraries only: how a client
// plans a route, drives a navigation session with the manual provider, and replays a recording
// through the fusion pipeline with a provider of its own. `Tools/test.sh` builds and runs them.
import PackageDescription

let package = Package(
    name: "IndoorNavExamples",
    dependencies: [
        // The repository root (named, so that its products can be named whatever the checkout's folder is).
        .package(name: "IndoorNav", path: "..")
    ],
    targets: [
        .target(name: "ExampleSupport", path: "Sources/ExampleSupport"),
        .executableTarget(
            name: "plan-route", dependencies: ["ExampleSupport", .product(name: "IndoorNav", package: "IndoorNav")],
            path: "Sources/plan-route"),
        .executableTarget(
            name: "manual-navigation",
            dependencies: ["ExampleSupport", .product(name: "IndoorNav", package: "IndoorNav")],
            path: "Sources/manual-navigation"
        ),
        .executableTarget(
            name: "replay-recording",
            dependencies: ["ExampleSupport", .product(name: "IndoorNav", package: "IndoorNav")],
            path: "Sources/replay-recording"
        ),
    ]
)
