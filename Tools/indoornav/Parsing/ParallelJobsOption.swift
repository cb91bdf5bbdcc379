import IndoorCommandLine
import IndoorEvaluation

extension ParallelJobs {
    /// `--jobs N`: independent jobs at once (default: the number of cores).
    static let option = OptionSpec.integer(
        "--jobs", "N", "independent jobs run at once (default: the number of cores; 1: one after the other)", in: 1...256,
        example: "--jobs 2")
}
