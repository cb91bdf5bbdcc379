import IndoorGeometry
import IndoorRecordings
import IndoorVenue

/// A simulated recording ready to be streamed: a trajectory, the beacons placed on the venue, the
/// sensor models and a seed. Samples come out in time order through ``makeStream()``; the same inputs
/// always give the same samples.
public struct SensorSimulation: Sendable {
    /// The ground truth.
    public let trajectory: Trajectory
    /// The beacons heard (may be empty: then no BLE samples).
    public let beacons: [PlacedBeacon]
    /// Sensor and radio settings.
    public let configuration: SimulationConfiguration
    /// Seed of every noise process.
    public let seed: UInt64
    let levelElevations: [Double]
    let levelOrdinals: [Int]

    /// A simulation of `trajectory` on `venue` (the venue the trajectory was planned on).
    public init(
        trajectory: Trajectory, venue: Venue, beacons: [PlacedBeacon], configuration: SimulationConfiguration = .standard, seed: UInt64
    ) {
        self.trajectory = trajectory
        self.beacons = beacons
        self.configuration = configuration
        self.seed = seed
        levelElevations = venue.levels.map(\.elevationMeters)
        levelOrdinals = venue.levels.map(\.ordinal)
    }

    /// A fresh stream of the samples from the start.
    public func makeStream() -> SimulatedSampleStream { SimulatedSampleStream(self) }

    /// How many samples of each kind the stream yields, computed without generating them
    /// (BLE samples depend on the radio draws and are not included).
    public var scheduledCounts: [SampleKind: Int] {
        let duration = trajectory.durationSeconds
        let imu = Int((duration * configuration.inertial.imuRateHz + 1e-9).rounded(.down)) + 1
        return [
            .accelerometer: imu, .gyroscope: imu, .magnetometer: imu, .rotationVector: imu,
            .pressure: Int((duration * configuration.inertial.pressureRateHz + 1e-9).rounded(.down)) + 1,
            .groundTruth: trajectory.groundTruthTimes(rateHz: configuration.walker.groundTruthRateHz).count,
        ]
    }
}

/// The samples of a ``SensorSimulation`` in time order: at equal times ground truth first, then the
/// motion sensors (accelerometer, gyroscope, magnetometer, rotation vector), the barometer, markers and BLE.
///
/// Ground truth is sampled at the walker's rate and at every piece boundary; motion sensors at the IMU
/// rate, the barometer at its rate and BLE scans at the scan rate, all on exact multiples of their periods.
public struct SimulatedSampleStream: IteratorProtocol {
    private let simulation: SensorSimulation
    private var inertial: InertialSynthesizer
    private var radio: BeaconScanSynthesizer
    private let truthTimes: [Double]
    private let markers: [(timeSeconds: Double, text: String)]
    private let endSeconds: Double
    private var truthIndex = 0
    private var imuIndex = 0
    private var pressureIndex = 0
    private var scanIndex = 0
    private var markerIndex = 0
    private var pending: [SensorSample] = []
    private var pendingHead = 0

    init(_ simulation: SensorSimulation) {
        self.simulation = simulation
        let configuration = simulation.configuration
        inertial = InertialSynthesizer(
            configuration: configuration.inertial, deviceHeightMeters: configuration.walker.deviceHeightMeters,
            stepCount: simulation.trajectory.stepCount, seed: simulation.seed)
        radio = BeaconScanSynthesizer(
            beacons: simulation.beacons, levelElevations: simulation.levelElevations,
            levelOrdinals: simulation.levelOrdinals, configuration: configuration.beaconScan,
            deviceHeightMeters: configuration.walker.deviceHeightMeters, seed: simulation.seed)
        truthTimes = simulation.trajectory.groundTruthTimes(rateHz: configuration.walker.groundTruthRateHz)
        var markers: [(Double, String)] = []
        if let first = simulation.trajectory.pieces.first(where: \.isDeviation) {
            markers.append((first.startSeconds, "deviation: leaving the route towards \(first.end.x),\(first.end.y)"))
        }
        self.markers = markers
        endSeconds = simulation.trajectory.durationSeconds
        pending.reserveCapacity(64)
    }

    /// The next sample, or `nil` after the last one.
    public mutating func next() -> SensorSample? {
        while true {
            if pendingHead < pending.count {
                defer { pendingHead += 1 }
                return pending[pendingHead]
            }
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            let configuration = simulation.configuration
            let imuTime = Double(imuIndex) / configuration.inertial.imuRateHz
            let pressureTime = Double(pressureIndex) / configuration.inertial.pressureRateHz
            let scanTime = simulation.beacons.isEmpty ? Double.infinity : Double(scanIndex) / configuration.beaconScan.scanRateHz
            let truthTime = truthIndex < truthTimes.count ? truthTimes[truthIndex] : Double.infinity
            let markerTime = markerIndex < markers.count ? markers[markerIndex].timeSeconds : Double.infinity
            let limit = endSeconds + 1e-9
            let earliest = min(truthTime, imuTime, pressureTime, markerTime, scanTime)
            guard earliest <= limit else { return nil }
            let trajectory = simulation.trajectory
            if truthTime == earliest {
                let state = trajectory.state(atSeconds: truthTime)
                let position = LocalPoint(x: quantized(state.position.x, 1e3), y: quantized(state.position.y, 1e3))
                pending.append(
                    SensorSample(
                        timeSeconds: truthTime,
                        reading: .groundTruth(
                            GroundTruthPosition(
                                location: .local(position), level: .levelId(trajectory.levelIDs[state.levelIndex])))))
                truthIndex += 1
            } else if imuTime == earliest {
                inertial.appendMotionSamples(atSeconds: imuTime, state: trajectory.state(atSeconds: imuTime), to: &pending)
                imuIndex += 1
            } else if pressureTime == earliest {
                pending.append(inertial.pressureSample(atSeconds: pressureTime, state: trajectory.state(atSeconds: pressureTime)))
                pressureIndex += 1
            } else if markerTime == earliest {
                pending.append(SensorSample(timeSeconds: markerTime, reading: .marker(markers[markerIndex].text)))
                markerIndex += 1
            } else {
                radio.appendScan(atSeconds: scanTime, state: trajectory.state(atSeconds: scanTime), to: &pending)
                scanIndex += 1
            }
        }
    }
}

/// A ``SensorSimulation`` as a `SampleSource`, so the player and the engine can run on it directly.
public final class SimulatedSampleSource: SampleSource {
    /// A name for messages.
    public let name: String
    private let simulation: SensorSimulation
    private var stream: SimulatedSampleStream
    private var count = 0

    /// A source over `simulation`.
    public init(_ simulation: SensorSimulation, name: String = "<simulation>") {
        self.simulation = simulation
        self.name = name
        stream = simulation.makeStream()
    }

    /// The next sample; the "line" is its 1-based position in the stream.
    public func next() throws(RecordingError) -> SourceEvent? {
        guard let sample = stream.next() else { return nil }
        count += 1
        return .sample(sample, line: count)
    }

    /// Starts over (the same samples again).
    public func rewind() throws(RecordingError) {
        stream = simulation.makeStream()
        count = 0
    }
}
