import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorRouting
import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorSimulation

@Suite struct BadInputTests {
    private func expectError(_ fragment: String, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("expected an error mentioning '\(fragment)'")
        } catch {
            #expect("\(error)".contains(fragment), "\(error)")
        }
    }

    @Test func configurationRangesAreChecked() {
        var inertial = InertialSensorConfiguration.standard
        inertial.imuRateHz = 0
        expectError("inertial.imuRateHz") { _ = try SimulationConfiguration(inertial: inertial) }
        inertial.imuRateHz = .nan
        expectError("inertial.imuRateHz") { _ = try SimulationConfiguration(inertial: inertial) }
        var scan = BeaconScanConfiguration.standard
        scan.scanRateHz = 50
        expectError("beacon-scan.scanRateHz") { _ = try SimulationConfiguration(beaconScan: scan) }
        scan = BeaconScanConfiguration.standard
        scan.dropoutProbability = 1
        expectError("beacon-scan.dropoutProbability") { _ = try SimulationConfiguration(beaconScan: scan) }
        var walker = WalkerConfiguration.standard
        walker.walkingSpeedMetersPerSecond = -1
        expectError("walker.walkingSpeedMetersPerSecond") { _ = try SimulationConfiguration(walker: walker) }
        walker = WalkerConfiguration.standard
        walker.minimumStepFrequencyHz = 0.1
        expectError("walker.minimumStepFrequencyHz") { _ = try SimulationConfiguration(walker: walker) }
        walker = WalkerConfiguration.standard
        walker.maximumStepFrequencyHz = 1.2
        expectError("walker.maximumStepFrequencyHz") { _ = try SimulationConfiguration(walker: walker) }
        inertial = InertialSensorConfiguration.standard
        inertial.maximumStepAccelerationMetersPerSecondSquared = 1
        expectError("inertial.maximumStepAccelerationMetersPerSecondSquared") { _ = try SimulationConfiguration(inertial: inertial) }
        #expect(throws: Never.self) { _ = try SimulationConfiguration() }
    }

    @Test func durationAndDeviationTimesAreChecked() throws {
        let planner = try WalkPlanner(venue: TestVenues.golden())
        for bad in [-5.0, 0, .infinity, .nan] {
            expectError("durationSeconds") {
                _ = try planner.plan(
                    WalkRequest(origin: .feature(id: "entrance"), destination: .feature(id: "office"), seed: 1, durationSeconds: bad))
            }
        }
        let deviations: [(fragment: String, atSeconds: Double, target: Place)] = [
            ("deviateAtSeconds", -1, .local(.zero, level: "L0")),
            ("the walk is over", 500, .local(.zero, level: "L0")),
            ("is on level L1", 5, .local(.zero, level: "L1")),
            ("no level 'L7'", 5, .local(.zero, level: "L7")),
            ("--deviate-to 'nowhere'", 5, .feature(id: "nowhere")),
        ]
        for (fragment, atSeconds, target) in deviations {
            expectError(fragment) {
                _ = try planner.plan(
                    WalkRequest(
                        origin: .feature(id: "entrance"), destination: .feature(id: "office"), seed: 1,
                        deviation: Deviation(atSeconds: atSeconds, target: target)))
            }
        }
    }

    @Test func unknownPlacesNameTheFlag() throws {
        let planner = try WalkPlanner(venue: TestVenues.golden())
        expectError("--from 'no-such-poi'") {
            _ = try planner.plan(WalkRequest(origin: .feature(id: "no-such-poi"), destination: .feature(id: "office"), seed: 1))
        }
        expectError("--to 'ghost'") {
            _ = try planner.plan(WalkRequest(origin: .feature(id: "entrance"), destination: .feature(id: "ghost"), seed: 1))
        }
        expectError("--to '500.0,500.0@L0'") {
            _ = try planner.plan(
                WalkRequest(origin: .feature(id: "entrance"), destination: .local(LocalPoint(x: 500, y: 500), level: "L0"), seed: 1))
        }
        expectError("--from '1.0,1.0@basement'") {
            _ = try planner.plan(
                WalkRequest(origin: .local(LocalPoint(x: 1, y: 1), level: "basement"), destination: .feature(id: "office"), seed: 1))
        }
    }

    @Test func venuesWithoutGraphOrFilesAreRefused() throws {
        let golden = TestVenues.golden()
        expectError("has no navigation graph") { _ = try WalkPlanner(venue: golden.replacingGraph(.empty)) }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-venue-\(UInt32.random(in: 0...UInt32.max))")
            .path
        expectError("venue \(missing)") { _ = try RecordingSimulator.loadVenue(path: missing) }
    }
}
