import Foundation

/// `indoornav` — the command-line face of IndoorNav.
let usage = """
    usage: indoornav <command> [options]

    commands:
      venue inspect|validate|at|graph|render|generate|store   venue model tools
      route VENUE --from X --to Y [options]                     plan a route (see Sources/Routing/README.md)
      import ilc|ipin|beacons-ipin FILE -o OUT                  convert public recordings
      replay --venue V --recording R --to DEST [--beacons F] [--manual FILE] [--follow MODE] [--json] [--plot OUT]
                                                                recording → fusion → navigation → follow-user
                                                                (DEST: id, x,y@LEVEL or indoornav://navigate?poiId=…)
      simulate VENUE --from X --to Y --seed S -o REC.jsonl      synthetic sensor recording (Sources/Simulation/README.md)
      serve --venues DIR [--port 8080] [--cors-origin O]…       HTTP reroute service and live map at / (Sources/RerouteService/README.md)
      view VENUE [--route R.json]… [--replay REC --to DEST | --eval REC] -o view.html
                                                                one self-contained HTML map viewer (Sources/IndoorViewer/README.md)
      scenarios [--seeds N] [--noise M] [--json]                simulated navigation walks
      eval-providers PATH… [--beacons F] [--venue V] [--json]   score the beacon and dead-reckoning providers
      survey WALKS… -o MAP.json [--venue V] [--beacons F]        radio map (Wi-Fi/BLE fingerprints) from walks with ground truth
      eval PATH… [--venue V] [--beacons F] [--radio-map MAP] [--cross-validate K] [--json] [--plot OUT]
                                                                score providers + fusion against ground truth
      beacons audit PATH… --beacons F [--venue V] [--json]     check a beacon registry against walks with ground truth
      bench read|route|filter|providers|fusion …                benchmarks
      help                                                      this text
    """

let arguments = Array(CommandLine.arguments.dropFirst())
let exitCode: Int32
do {
    exitCode = try Commands.run(arguments)
} catch let error as UsageError {
    FileHandle.standardError.write(Data("indoornav: \(error)\n".utf8))
    exitCode = 1
} catch {
    FileHandle.standardError.write(Data("indoornav: \(error)\n".utf8))
    exitCode = 1
}
exit(exitCode)
