import Foundation
import IndoorGeometry
import IndoorRecordings
import Testing

@testable import IndoorPositioning

@Suite struct DeadReckoningProviderTests {
    typealias Support = PositioningTestSupport

    /// A started provider with a recorder listening to it.
    func startedProvider() -> (DeadReckoningProvider, ProviderEventRecorder) {
        let provider = DeadReckoningProvider()
        let recorder = ProviderEventRecorder()
        provider.addListener { recorder.events.append($0) }
        provider.start()
        return (provider, recorder)
    }

    func start(at point: LocalPoint, t: Double = 0) -> IndoorLocation {
        IndoorLocation(point: point, levelID: "L1", accuracyMeters: 0.5, timeSeconds: t, source: "test")
    }

    @Test func walkingEastMovesEastByTheSumOfTheStrides() throws {
        let (provider, recorder) = startedProvider()
        provider.setStart(start(at: LocalPoint(x: 10, y: 20)))
        var steps: [StepEvent] = []
        for sample in Support.walk(seconds: 10, headingRadians: .pi / 2) { steps += provider.consume(sample) }
        #expect(abs(Double(steps.count) - 18) <= 1)
        let walked = steps.map(\.lengthMeters).reduce(0, +)
        let last = try #require(recorder.locations.last)
        #expect(abs(last.point.x - (10 + walked)) < 1e-9)
        #expect(abs(last.point.y - 20) < 1e-9)
        #expect(last.levelID == "L1" && last.source == "pdr")
        #expect(abs((last.headingRadians ?? 0) - .pi / 2) < 1e-9)
        #expect(steps.allSatisfy { abs($0.headingRadians - .pi / 2) < 1e-9 && $0.headingSigmaRadians == 0.15 })
        #expect(provider.stepCount == steps.count)
        #expect(abs(provider.walkedDistanceMeters - walked) < 1e-9)
    }

    @Test func covarianceGrowsEveryStepAndMostlyAcrossTrack() {
        let (provider, recorder) = startedProvider()
        provider.setStart(start(at: .zero))
        var steps: [StepEvent] = []
        for sample in Support.walk(seconds: 20, headingRadians: 0) { steps += provider.consume(sample) }
        let locations = recorder.locations
        #expect(locations.count == steps.count + 1)
        for (a, b) in zip(locations, locations.dropFirst()) {
            #expect(b.covariance.xx > a.covariance.xx && b.covariance.yy > a.covariance.yy)
            #expect(b.isValid)
        }
        // Walking due north, each step adds (L·σh)² + q² to the east variance and σL² + q² to the north
        // variance (σh = 0.15 rad, σL = max(0.05, 0.15 L), q = 0.05 m), starting from 0.5² each.
        var east = 0.25, north = 0.25
        for step in steps {
            east += pow(step.lengthMeters * 0.15, 2) + 0.0025
            north += pow(max(0.05, 0.15 * step.lengthMeters), 2) + 0.0025
        }
        let final = locations[locations.count - 1]
        #expect(abs(final.covariance.xx - east) < 1e-9)
        #expect(abs(final.covariance.yy - north) < 1e-9)
        #expect(abs(final.covariance.xy) < 1e-9)
    }

    @Test func stepsAreReturnedBeforeStartButLocationsOnlyWhileStarted() {
        let provider = DeadReckoningProvider()
        let recorder = ProviderEventRecorder()
        provider.addListener { recorder.events.append($0) }
        let samples = Support.walk(seconds: 10, headingRadians: 1)
        var steps = 0
        for sample in samples.prefix(samples.count / 2) { steps += provider.consume(sample).count }
        #expect(steps > 5)
        #expect(recorder.events.isEmpty)
        provider.setStart(start(at: .zero, t: 5))
        #expect(recorder.events.isEmpty)
        provider.start()
        #expect(recorder.events.first == .started)
        #expect(recorder.locations.count == 1)
        for sample in samples.suffix(samples.count / 2) { provider.consume(sample) }
        let whileStarted = recorder.locations.count
        #expect(whileStarted > 5)
        provider.stop()
        provider.stop()
        #expect(recorder.events.last == .stopped)
        for sample in Support.walk(seconds: 5, headingRadians: 1, t0: 10) { provider.consume(sample) }
        #expect(recorder.locations.count == whileStarted)
        #expect((provider.lastLocation?.timeSeconds ?? 0) > 10)
    }

    @Test func badSamplesAreReportedAndSkipped() {
        let (provider, recorder) = startedProvider()
        provider.setStart(start(at: .zero))
        var samples = Support.walk(seconds: 10, headingRadians: 0)
        samples.insert(SensorSample(timeSeconds: 2, reading: .accelerometer(DeviceVector3(x: .nan, y: 0, z: 9.8))), at: 100)
        samples.insert(SensorSample(timeSeconds: 3, reading: .rotationVector(Quaternion(w: .infinity, x: 0, y: 0, z: 0))), at: 200)
        samples.insert(SensorSample(timeSeconds: .nan, reading: .gyroscope(DeviceVector3(x: 0, y: 0, z: 0))), at: 300)
        samples.insert(SensorSample(timeSeconds: 0.5, reading: .accelerometer(DeviceVector3(x: 0, y: 0, z: 9.8))), at: 400)
        samples.insert(SensorSample(timeSeconds: 4, reading: .gyroscope(DeviceVector3(x: 0, y: .nan, z: 0))), at: 500)
        var steps = 0
        for sample in samples { steps += provider.consume(sample).count }
        #expect(recorder.errors.count == 5)
        #expect(provider.rejectedSampleCount == 5)
        let providers = Set(recorder.errors.map(\.provider))
        #expect(providers == ["pdr"])
        #expect(abs(Double(steps) - 18) <= 1)
        #expect(recorder.locations.allSatisfy { $0.isValid })
        // Non-motion samples are ignored silently.
        provider.consume(SensorSample(timeSeconds: 11, reading: .pressure(hectopascals: 1000)))
        #expect(recorder.errors.count == 5)
    }

    @Test func invalidStartIsRejected() {
        let (provider, recorder) = startedProvider()
        provider.setStart(IndoorLocation(point: LocalPoint(x: .nan, y: 0), levelID: nil, accuracyMeters: 1, timeSeconds: 0, source: "x"))
        #expect(recorder.errors.count == 1)
        #expect(provider.lastLocation == nil)
        // Without a start, steps move nothing and deliver nothing.
        for sample in Support.walk(seconds: 5, headingRadians: 0) { provider.consume(sample) }
        #expect(recorder.locations.isEmpty)
        #expect(provider.stepCount >= 8)
    }

    @Test func removedListenersHearNothing() {
        let provider = DeadReckoningProvider()
        let a = ProviderEventRecorder(), b = ProviderEventRecorder()
        let token = provider.addListener { a.events.append($0) }
        provider.addListener { b.events.append($0) }
        provider.removeListener(token)
        provider.start()
        provider.setStart(start(at: .zero))
        #expect(a.events.isEmpty)
        #expect(b.events.count == 2)
    }
}
