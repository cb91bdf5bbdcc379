import IndoorRecordings
import IndoorVenue

/// What a simulated recording holds.
public struct SimulationSummary: Hashable, Sendable {
    /// Recording length, s.
    public var durationSeconds: Double
    /// Horizontal distance walked or ridden, m.
    public var distanceMeters: Double
    /// Steps taken.
    public var stepCount: Int
    /// The walk's nominal step frequency, Hz.
    public var nominalStepFrequencyHz: Double
    /// Samples written per kind.
    public var samplesByKind: [SampleKind: Int]
    /// Beacons in the layout.
    public var beaconCount: Int
    /// When the walker left the route, s, if it did.
    public var deviationStartSeconds: Double?

    /// Every sample written.
    public var sampleCount: Int { samplesByKind.values.reduce(0, +) }
}

/// Writes simulated recordings in the canonical format.
public enum RecordingSimulator {
    /// The header of a simulated recording: device `simulated`, the venue id, the beacon registry path
    /// (relative to the recording) and, under `source`, how it was made (seed, places, step frequency).
    public static func header(
        simulation: SensorSimulation, venueID: String, beaconRegistryPath: String?,
        description: [String: String] = [:]
    ) -> RecordingHeader {
        var source = description
        source["format"] = "simulated"
        source["seed"] = String(simulation.seed)
        source["stepCount"] = String(simulation.trajectory.stepCount)
        source["stepFrequencyHz"] = String(simulation.trajectory.nominalStepFrequencyHz)
        source["walkingSpeedMetersPerSecond"] = String(simulation.configuration.walker.walkingSpeedMetersPerSecond)
        return RecordingHeader(
            device: ["manufacturer": "IndoorNav", "model": "simulated", "os": "simulation"],
            venueId: venueID, beaconRegistry: beaconRegistryPath, source: source)
    }

    /// Streams every sample of `simulation` into `writer` (then flushes it) and says what was written.
    /// - Complexity: O(duration × (IMU rate + scan rate × beacons)).
    public static func write(_ simulation: SensorSimulation, to writer: RecordingWriter) throws(RecordingError) -> SimulationSummary {
        var counts: [SampleKind: Int] = [:]
        var countsByIndex = [Int](repeating: 0, count: SampleKind.allCases.count)
        let kinds = SampleKind.allCases
        var stream = simulation.makeStream()
        while let sample = stream.next() {
            try writer.write(sample)
            if let i = kinds.firstIndex(of: sample.kind) { countsByIndex[i] += 1 }
        }
        try writer.finish()
        for (i, kind) in kinds.enumerated() where countsByIndex[i] > 0 { counts[kind] = countsByIndex[i] }
        let trajectory = simulation.trajectory
        return SimulationSummary(
            durationSeconds: trajectory.durationSeconds, distanceMeters: trajectory.distanceMeters,
            stepCount: trajectory.stepCount, nominalStepFrequencyHz: trajectory.nominalStepFrequencyHz,
            samplesByKind: counts, beaconCount: simulation.beacons.count,
            deviationStartSeconds: trajectory.pieces.first(where: \.isDeviation)?.startSeconds)
    }

    /// Loads a venue folder (the loader derives a navigation graph from the geometry when the venue has
    /// no authored one); loader errors become ``SimulationError/venue(path:message:)``.
    public static func loadVenue(path: String) throws(SimulationError) -> Venue {
        do { return try VenueLoader.load(path: path) } catch { throw .venue(path: path, message: error.description) }
    }
}
