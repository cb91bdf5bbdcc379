import IndoorGeometry
import Testing

@testable import IndoorPositioning

@Suite struct ManualProviderTests {
    func location(_ x: Double, t: Double = 0) -> IndoorLocation {
        IndoorLocation(point: LocalPoint(x: x, y: 0), levelID: "L0", accuracyMeters: 2, timeSeconds: t, source: "test")
    }

    @Test func deliversOnlyWhileStartedAndReplaysTheLastLocationOnStart() {
        let p = ManualLocationProvider()
        let r = ProviderEventRecorder()
        p.addListener { r.events.append($0) }
        p.setLocation(location(1))
        #expect(r.events.isEmpty)
        #expect(p.lastLocation?.point.x == 1)
        p.start()
        #expect(r.events.count == 2)
        #expect(r.events.first == .started)
        guard case .location(let l) = r.events.last else { Issue.record("expected a location"); return }
        #expect(l.point.x == 1 && l.source == "manual")
        p.setLocation(location(2, t: 1))
        p.stop()
        p.stop()  // idempotent
        p.setLocation(location(3, t: 2))
        #expect(r.events.count == 4)
        #expect(r.events.last == .stopped)
    }

    @Test func listenersCanBeRemovedAndAllOthersStillHear() {
        let p = ManualLocationProvider()
        let a = ProviderEventRecorder(), b = ProviderEventRecorder()
        let ta = p.addListener { a.events.append($0) }
        p.addListener { b.events.append($0) }
        p.start()
        p.removeListener(ta)
        p.setLocation(location(1))
        #expect(a.events.count == 1 && b.events.count == 2)
    }

    @Test func invalidLocationsAreRejectedWithAnError() {
        let p = ManualLocationProvider()
        let r = ProviderEventRecorder()
        p.addListener { r.events.append($0) }
        p.start()
        var bad = location(.nan)
        p.setLocation(bad)
        bad = location(1)
        bad.covariance = Covariance2D(xx: 1, xy: 5, yy: 1)  // not positive semi-definite
        p.setLocation(bad)
        let errors = r.events.filter { if case .error = $0 { true } else { false } }
        #expect(errors.count == 2)
        #expect(p.lastLocation == nil)
    }

    @Test func accuracyIsTheWorstAxisSigma() {
        let c = Covariance2D(xx: 9, xy: 0, yy: 4)
        #expect(abs(c.largestSigmaMeters - 3) < 1e-12)
        let rotated = Covariance2D(xx: 5, xy: 4, yy: 5)  // eigenvalues 9 and 1
        #expect(abs(rotated.largestSigmaMeters - 3) < 1e-12)
    }
}
