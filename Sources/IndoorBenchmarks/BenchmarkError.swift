/// Why a benchmark could not run: what is wrong with its input, and where.
public enum BenchmarkError: Error, Equatable, CustomStringConvertible {
    /// A recording without two samples at different times (`bench` names itself, the file).
    case noTimedSamples(bench: String, file: String)
    /// A recording the providers bench cannot place beacons for: no beacon readings and no registry.
    case noBeaconReadings(file: String)
    /// A venue whose navigation graph has fewer than two nodes.
    case tooFewNodes(venue: String)
    /// A venue with fewer than two units that have openings.
    case tooFewUnits(venue: String)
    /// A recording that yielded nothing to replay.
    case unread(bench: String, file: String)
    /// A pass that read the file as it went fused otherwise than the pass over the samples read before
    /// (the file changed while the bench ran).
    case streamedPassDiffers(bench: String, file: String)

    /// The message the tool prints.
    public var description: String {
        switch self {
        case .noTimedSamples(let bench, let file): "\(bench): \(file) holds no timed samples"
        case .noBeaconReadings: "bench providers: the recording has no beacon readings; pass --beacons"
        case .tooFewNodes(let venue): "\(venue): the navigation graph has fewer than two nodes"
        case .tooFewUnits(let venue): "\(venue): fewer than two units have openings"
        case .unread(let bench, let file): "\(bench): \(file) was not read"
        case .streamedPassDiffers(let bench, let file):
            "\(bench): \(file) fused otherwise when read during the pass than when read first (did it change?)"
        }
    }
}
