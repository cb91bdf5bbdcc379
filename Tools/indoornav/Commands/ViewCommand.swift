import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorJSON
import IndoorRouting
import IndoorVenue
import IndoorViewer

/// `indoornav view VENUE [--route ROUTE.json]… [--replay RECORDING --to DEST | --eval RECORDING] [--beacons F]
/// [--title T] [--lang L] -o view.html`: one self-contained HTML page to open in a browser (IndoorViewer).
enum ViewCommand {
    static let spec = CommandSpec(
        path: ["view"], summary: "write one self-contained HTML map: levels, routes, replayed or evaluated tracks, a time slider",
        inputs: Inputs.self,
        notes: ["--replay and --eval exclude each other."],
        examples: [
            "view Recordings/venues/campus --replay Recordings/simulated/campus-info-to-deans-office.jsonl --to occ-deans-office -o view.html"
        ])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var venuePath: String
        @Option(
            .repeated("--route", "ROUTE.json", "a route from indoornav route --format json (repeatable)", example: "--route route.json"))
        var routePaths: [String]
        @Option(
            .value("--replay", "RECORDING", "replay the recording as indoornav replay does (needs --to)", example: "--replay rec.jsonl"))
        var recording: String?
        @Option(.value("--to", "DEST", "destination of the --replay walk: an id or x,y@LEVEL", example: "--to occ-deans-office"))
        var destinationText: String?
        @Option(
            .value(
                "--eval", "RECORDING", "run the recording as indoornav eval does (truth, fused, dead reckoning, fixes)",
                example: "--eval rec.jsonl")) var evalRecording: String?
        @Option(SharedOptions.beacons.with(help: "beacon registry for --replay or --eval")) var beaconsPath: String?
        @Option(.value("--title", "TEXT", "page title", default: "the venue's name", example: "--title \"Campus walk\"")) var title: String?
        @Option(SharedOptions.languages) var languages: [String]
        @Option(SharedOptions.output("view.html", "the HTML file to write", required: true)) var output: String

        func run() throws -> Int32 {
            if recording != nil && destinationText == nil { throw UsageError("--replay needs --to DEST (where the walk navigates to)") }
            if recording != nil && evalRecording != nil { throw UsageError("--replay and --eval exclude each other") }
            if recording == nil && destinationText != nil { throw UsageError("--to goes with --replay RECORDING") }
            if recording == nil && evalRecording == nil && beaconsPath != nil { throw UsageError("--beacons goes with --replay or --eval") }
            try OutputFile.refuseOverwritingInput(
                output, inputs: [venuePath] + routePaths + [recording, evalRecording, beaconsPath].compactMap { $0 },
                folders: [venuePath])

            let venue = try EvaluationInputs.loadVenue(path: venuePath)
            var content = ViewerContent()
            for path in routePaths {
                content.routes.append(try readRoute(path))
                content.routeNames.append("route from \((path as NSString).lastPathComponent)")
            }
            if let recording, let destinationText {
                content = try replayContent(
                    venue: venue, recording: recording, destination: destinationText, beaconsPath: beaconsPath,
                    adding: content)
            }
            if let evalRecording {
                content.tracks += try ViewEvalContent.tracks(venue: venue, recording: evalRecording, beaconsPath: beaconsPath)
            }
            var configuration = ViewerConfiguration.standard
            configuration.title = title
            configuration.languages = languages
            let html: String
            do { html = try ViewerPage.html(venue: venue, content: content, configuration: configuration) } catch {
                if case .badRoute(let field, let reason) = error, field.hasPrefix("routes[") {
                    let index = Int(field.dropFirst(7).prefix { $0.isNumber }) ?? 0
                    let file = index < routePaths.count ? routePaths[index] : "replay"
                    throw ToolFailure("--route \(file): \(field.drop { $0 != "." }.dropFirst()): \(reason)")
                }
                throw ToolFailure("\(error)")
            }
            try emit(html, to: output)
            warn(
                "wrote \(output) (\(html.utf8.count / 1024) KiB): \(venue.levels.count) level(s), \(content.routes.count) route(s), \(content.tracks.count) track(s)"
            )
            return 0
        }
    }

    /// A route file in the JSON of `indoornav route --format json`.
    static func readRoute(_ path: String) throws(ToolFailure) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToolFailure("--route \(path): cannot read the file (missing or unreadable)")
        }
        do { return try JSONParser().parse(data).value } catch {
            throw ToolFailure("--route \(path): line \(error.position.line), column \(error.position.column): \(error.message)")
        }
    }

    /// The replay's tracks, routes (first, then each reroute) and timeline.
    static func replayContent(
        venue: Venue, recording: String, destination text: String, beaconsPath: String?,
        adding content: ViewerContent
    ) throws -> ViewerContent {
        let registry = try beaconsPath.map { try EvaluationInputs.loadRegistry(path: $0) }
        let loaded = try LoadedRecording.read(recording, venue: venue, registry: registry)
        guard let truth = loaded.truth else { throw ToolFailure("\(recording): no ground-truth point to start from") }
        let replay = try RecordingReplay(
            venue: venue, registry: registry, loaded: loaded, truth: truth,
            destination: try ReplayCommand.destination(text, venue: venue), followMode: .follow, updateIntervalSeconds: 1)
        func samples(_ track: [RecordingReplay.Stamped]) -> [ViewerTrack.Sample] {
            track.map { ViewerTrack.Sample(timeSeconds: $0.timeSeconds, point: $0.point, levelID: $0.levelID) }
        }
        let truthSamples = zip(truth.points, replay.truthLevelIDs).map {
            ViewerTrack.Sample(timeSeconds: $0.0.timeSeconds, point: $0.0.point, levelID: $0.1)
        }
        var out = content
        out.tracks += [
            ViewerTrack(kind: .truth, samples: truthSamples), ViewerTrack(kind: .deadReckoning, samples: samples(replay.deadReckoning)),
            ViewerTrack(kind: .fused, samples: samples(replay.fused)), ViewerTrack(kind: .snapped, samples: samples(replay.snapped)),
        ]
        .filter { !$0.samples.isEmpty }
        out.routeNames +=
            out.routes.count < out.routeNames.count ? [] : Array(repeating: "", count: out.routes.count - out.routeNames.count)
        for (k, route) in replay.routes.enumerated() {
            out.routes.append(RouteJSON.encode(route, venue: venue))
            out.routeNames.append(k == 0 ? "planned route of the walk" : "new route \(k) after leaving it")
        }
        out.events += replay.timeline.map { line in
            ViewerEvent(timeSeconds: line.timeSeconds, text: line.text, kind: line.kind.flatMap(ViewerEvent.Kind.init(rawValue:)) ?? .other)
        }
        return out
    }
}
