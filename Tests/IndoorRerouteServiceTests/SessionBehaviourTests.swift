import Dispatch
import Foundation
import IndoorGeometry
import IndoorJSON
import Synchronization
import Testing

@testable import IndoorRerouteService

/// Deviation, concurrency and ordering through the real server.
@Suite struct SessionBehaviourTests {
    /// Walk 10 m along the first corridor, then 10 m south (off the route, > 8 m), then stand there 8 s:
    /// exactly one off-route reroute, starting near the user.
    @Test func deviationReroutesExactlyOnce() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        var fixes = ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: 10, y: 0), level: "L0", t0: 0)
        fixes += ServiceFixture.walk(from: .init(x: 10, y: 0), to: .init(x: 10, y: -10), level: "L0", t0: 8)
        fixes += (1...8).map { ServiceFixture.fix(10, -10, "L0", t: 16 + Double($0)) }
        var events: [JSONValue] = []
        for fix in fixes {  // one request per fix, as a phone would post them
            let r = try f.client.request("POST", "/sessions/\(id)/locations", body: fix)
            #expect(r.status == 200)
            events += try f.json(r)["events"]?.array ?? []
        }
        let types = events.compactMap { $0["type"]?.string }
        #expect(types.filter { $0 == "offRoute" }.count == 1)
        let rerouted = events.filter { $0["type"]?.string == "rerouted" }
        #expect(rerouted.count == 1)
        let first = try #require(rerouted.first)
        #expect(first["reason"]?.string == "offRoute")
        let start = try #require(first["route"]?["sections"]?.array?.first?["polyline"]?.array?.first)
        let startPoint = LocalPoint(x: start["x"]?.double ?? .nan, y: start["y"]?.double ?? .nan)
        #expect(startPoint.distance(to: LocalPoint(x: 10, y: -10)) < 4)
        let off = try #require(events.first { $0["type"]?.string == "offRoute" })
        #expect((off["distanceMeters"]?.double ?? 0) > 5)
        #expect(f.service.metrics.rerouteCount(reason: "offRoute") == 1)
        let metrics = try f.client.request("GET", "/metrics").text
        #expect(metrics.contains(#"indoornav_reroutes_total{reason="offRoute"} 1"#))
    }

    /// Eight clients, each with its own session, walking at once: every request succeeds and each
    /// session ends where its own walk ended.
    @Test func concurrentSessionsStayApart() throws {
        let f = try ServiceFixture()
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            do {
                let id = try f.createSession()
                let end = 5.0 + Double(k)
                for fix in ServiceFixture.walk(from: .init(x: 0, y: 0), to: .init(x: end, y: 0), level: "L0", t0: 0) {
                    let r = try f.client.request("POST", "/sessions/\(id)/locations", body: fix)
                    if r.status != 200 { failures.withLock { $0.append("\(k): \(r.status)") } }
                }
                let s = try f.json(try f.client.request("GET", "/sessions/\(id)"))
                let traveled = s["progress"]?["distanceTraveledMeters"]?.double ?? -1
                if abs(traveled - end) > 0.5 { failures.withLock { $0.append("\(k): traveled \(traveled), expected \(end)") } }
            } catch {
                failures.withLock { $0.append("\(k): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        #expect(f.service.store.count == 8)
    }

    /// Posts racing on one session are applied one at a time: each fix is applied or rejected as
    /// older than the last applied one, never both, never lost.
    @Test func racingPostsToOneSessionAreSerialised() throws {
        let f = try ServiceFixture()
        let id = try f.createSession()
        let applied = Mutex<[Double]>([])
        let rejected = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 40) { i in
            let t = Double(i + 1) * 0.1
            guard let r = try? f.client.request("POST", "/sessions/\(id)/locations", body: ServiceFixture.fix(min(10, t), 0, "L0", t: t)),
                r.status == 200, let body = try? f.json(r)
            else { return }
            if body["rejected"]?.array?.isEmpty == false { rejected.withLock { $0 += 1 } } else { applied.withLock { $0.append(t) } }
        }
        let appliedTimes = applied.withLock { $0 }
        #expect(appliedTimes.count + rejected.withLock { $0 } == 40)
        #expect(appliedTimes.count >= 1)
        #expect(f.service.metrics.rejectedCount(reason: "staleFix") == rejected.withLock { $0 })
        // Applied fixes never go back in time, so the session ends on the newest applied one.
        let s = try f.json(try f.client.request("GET", "/sessions/\(id)"))
        let last = try #require(s["progress"]?["fusedLocation"]?["timeSeconds"]?.double)
        #expect(abs(last - (appliedTimes.max() ?? -1)) < 1e-6)
    }
}
