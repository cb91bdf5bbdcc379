import Foundation
import IndoorCommandLine
import IndoorGeometry
import IndoorJSON
import IndoorPlot
import IndoorRouting
import IndoorVenue

/// `indoornav venue render PATH --level LEVEL -o level.svg [--style style.json] [--labels a,b] [--lang CODE] [--draw-graph]`:
/// the level cropped to its plan, with scale bar, north arrow and legend; the navigation graph only with `--draw-graph` (`--graph` names which graph elsewhere).
enum VenueRenderCommand {
    static let spec = CommandSpec(
        path: ["venue", "render"], summary: "draw one level as SVG with scale bar, north arrow and legend", inputs: Inputs.self,
        examples: ["venue render Recordings/venues/campus --level lvl-a0 -o l0.svg"])

    struct Inputs: RunnableInputs {
        @Positional(SharedOptions.venue) var path: String
        @Option(.value("--level", "LEVEL", "a level id, ordinal, floor number or name", example: "--level lvl-a0", required: true))
        var levelRef: String
        @Option(SharedOptions.output("level.svg", "the SVG file to write").with(default: "standard output")) var output: String?
        @Option(.value("--style", "STYLE.json", "colours and widths (IndoorPlot RenderStyle)", example: "--style style.json"))
        var stylePath: String?
        @Option(
            .value(
                "--labels", "SOURCE[,SOURCE]", "what labels show (\(LabelSource.allCases.map(\.rawValue).joined(separator: ", ")))",
                default: "occupant,space-name", example: "--labels occupant,category")) var labelText: String?
        @Option(SharedOptions.languages) var languages: [String]
        @Option(.flag("--draw-graph", "draw the navigation graph")) var graph: Bool
        /// Accepted for older scripts: not drawing the graph is the default.
        @Option(.flag("--no-graph", "do not draw the graph (the default)")) var noGraph: Bool
        func run() throws -> Int32 {
            var labels: [LabelSource] = [.occupant, .spaceName]
            if let labelText {
                labels = try labelText.split(separator: ",").map { part throws(UsageError) -> LabelSource in
                    guard let l = LabelSource(rawValue: String(part)) else {
                        throw UsageError(
                            "--labels: unknown label '\(part)' (use \(LabelSource.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    return l
                }
            }
            let style = try stylePath.map { try RenderStyle.load(path: $0) } ?? RenderStyle()
            let venue = try VenueLoader.load(path: path)
            let levelIndex = try venue.levelIndex(levelRef)
            let renderer = LevelRenderer(style: style, labels: labels, languages: languages, drawGraph: graph)
            if let output {
                try OutputFile.refuseOverwritingInput(output, inputs: [path] + (stylePath.map { [$0] } ?? []), folders: [path])
            }
            try emit(renderer.render(venue, levelIndex: levelIndex, source: path), to: output)
            return 0
        }
    }

}
