import Foundation
import IndoorCommandLine
import IndoorEvaluation
import IndoorJSON
import IndoorNavigation
import IndoorSimulation
import IndoorVenue

/// `indoornav scenarios [--seeds N] [--json] [--noise METERS]`: simulated walks through navigation
/// sessions on the built-in scenario venue, with the counts the behaviour targets are checked on.
enum ScenariosCommand {
    static let spec = CommandSpec(
        path: ["scenarios"], summary: "navigation behaviour on simulated walks (arrivals, off-route verdicts, reroutes)",
        inputs: Inputs.self, examples: ["scenarios --seeds 20 --json"])

    struct Inputs: RunnableInputs {
        @Option(.integer("--seeds", "N", "seeded walks per scenario", in: 1...10_000, default: 20, example: "--seeds 100")) var seeds: Int
        @Option(.number("--noise", "M", "position noise, metres", in: 0...20, default: 3, example: "--noise 5")) var noiseMeters: Double
        @Option(SharedOptions.json) var json: Bool
        @Option(ParallelJobs.option) var jobs: Int?

        func run() throws -> Int32 {
            let jobs = ParallelJobs.count(jobs)
            var fixes = FixGenerator.Configuration()
            fixes.noiseSigmaMeters = noiseMeters
            let runner = try ScenarioRunner(venue: ScenarioVenues.corridorGrid(), fixes: fixes)
            // Contiguous seed ranges run at once, each on its own runner; the reports merge to the one-range report.
            let count = UInt64(max(1, min(jobs, seeds)))
            let ranges = (0..<count).map { k in (UInt64(seeds) * k / count)..<(UInt64(seeds) * (k + 1) / count) }
            let parts = ParallelJobs.map(ranges, jobs: jobs) { k, range -> Result<ScenarioReport, any Error> in
                Result { try (k == 0 ? runner : ScenarioRunner(venue: runner.venue, fixes: fixes)).run(seeds: range) }
            }
            let report = ScenarioReport.merged(try parts.map { try $0.get() })
            if json {
                var object: [String: JSONValue] = [:]
                for figure in report.figures { object[figure.name] = .finite((figure.value * 1000).rounded() / 1000) }
                object["seeds"] = .number(Double(seeds))
                object["noiseSigmaMeters"] = .number(noiseMeters)
                try emit(JSONValue.object(object).serialized(pretty: true) + "\n", to: nil)
            } else {
                var text = "scenarios: \(seeds) seeds, noise \(noiseMeters) m per axis, venue \(runner.venue.id)\n"
                for figure in report.figures {
                    let value = figure.value.rounded() == figure.value ? String(Int(figure.value)) : String(format: "%.2f", figure.value)
                    text += "  \(figure.name): \(value)\n"
                }
                try emit(text, to: nil)
            }
            return 0
        }
    }
}
