import Foundation
import IndoorGeometry
import IndoorRecordings

/// Produces BLE scan results from the walker's position with the model of ``BeaconScanConfiguration``.
struct BeaconScanSynthesizer {
    private struct Emitter {
        var identity: BeaconIdentity
        var x: Double
        var y: Double
        /// Antenna height above the venue's ground level, m.
        var heightMeters: Double
        var ordinal: Int
        var txPowerDbm: Double
        var pathLossExponent: Double
    }

    private let configuration: BeaconScanConfiguration
    private let emitters: [Emitter]
    private let levelOrdinals: [Int]
    private let deviceHeightMeters: Double
    private var random: SplitMix64

    init(
        beacons: [PlacedBeacon], levelElevations: [Double], levelOrdinals: [Int], configuration: BeaconScanConfiguration,
        deviceHeightMeters: Double, seed: UInt64
    ) {
        self.configuration = configuration
        self.levelOrdinals = levelOrdinals
        self.deviceHeightMeters = deviceHeightMeters
        emitters = beacons.map { b in
            Emitter(
                identity: b.record.identity, x: b.position.x, y: b.position.y,
                heightMeters: levelElevations[b.levelIndex] + configuration.beaconMountHeightMeters, ordinal: levelOrdinals[b.levelIndex],
                txPowerDbm: b.record.txPowerDbm, pathLossExponent: b.record.pathLossExponent ?? configuration.defaultPathLossExponent)
        }
        random = SplitMix64(seed: seed, stream: StreamID.beacons)
    }

    /// The mean RSSI of the log-distance model at `distanceMeters` (clamped to ≥ 0.1 m) through `floors` floors:
    /// P₁ₘ − 10·n·log₁₀(d) − floors·A_floor.
    static func meanRssiDbm(
        txPowerDbm: Double, pathLossExponent: Double, distanceMeters: Double, floors: Int, floorAttenuationDb: Double
    ) -> Double {
        txPowerDbm - 10 * pathLossExponent * log10(max(distanceMeters, 0.1)) - Double(floors) * floorAttenuationDb
    }

    /// Appends one scan at `t`: every beacon heard, with shadowing, dropouts and the cut-off applied.
    mutating func appendScan(atSeconds t: Double, state: WalkerState, to out: inout [SensorSample]) {
        let phoneHeight = state.elevationMeters + deviceHeightMeters
        let ordinal = levelOrdinals[state.levelIndex]
        let sigma = configuration.shadowingStandardDeviationDb
        // Beacons whose mean is this far below the cut-off are never heard (skipped without drawing).
        let hopeless = configuration.cutoffDbm - 5 * sigma - 1
        for emitter in emitters {
            let dx = emitter.x - state.position.x, dy = emitter.y - state.position.y, dz = emitter.heightMeters - phoneHeight
            let distance = (dx * dx + dy * dy + dz * dz).squareRoot()
            let mean = Self.meanRssiDbm(
                txPowerDbm: emitter.txPowerDbm, pathLossExponent: emitter.pathLossExponent, distanceMeters: distance,
                floors: abs(emitter.ordinal - ordinal), floorAttenuationDb: configuration.floorAttenuationDb)
            guard mean > hopeless else { continue }
            guard random.unit() >= configuration.dropoutProbability else { continue }
            var rssi = mean + sigma * random.gaussian()
            if configuration.roundsToWholeDbm { rssi = rssi.rounded() }
            guard rssi >= configuration.cutoffDbm else { continue }
            let observation = BeaconObservation(beacon: emitter.identity, rssiDbm: rssi, txPowerDbm: emitter.txPowerDbm)
            out.append(SensorSample(timeSeconds: t, reading: .beacon(observation)))
        }
    }
}
