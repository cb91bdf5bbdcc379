import Foundation
import IndoorGeometry
import Testing

@testable import IndoorPositioning

/// A match does not depend on the order a scan's dictionary lists its readings in (hash-seeded, and
/// different for dictionaries of different capacities): `eval` gives the same figures in every run.
@Suite struct FingerprintOrderTests {
    @Test func aMatchIsTheSameWhateverOrderTheReadingsComeIn() throws {
        // 40 transmitters with RSSI values whose sums round differently in different orders.
        let keys = (0..<40).map { "wifi:\($0)" }
        var fingerprints: [RadioMap.Fingerprint] = []
        for k in 0..<30 {
            let readings = keys.indices.map { t in
                RadioMap.Reading(transmitter: t, rssiDbm: -40 - Double((t * 7 + k * 13) % 50) - 0.1 * Double(t % 3))
            }
            fingerprints.append(
                RadioMap.Fingerprint(
                    point: LocalPoint(x: Double(k), y: Double(k % 5)), levelIndex: 0, walkIndex: 0, timeSeconds: 0, readings: readings))
        }
        let map = RadioMap(frameReference: nil, transmitters: keys, levels: [.floorNumber(0)], walks: ["w"], fingerprints: fingerprints)
        let matcher = FingerprintMatcher(map: map)
        let values = keys.indices.map { t in -41.3 - Double((t * 7 + 5 * 13) % 50) - 0.1 * Double(t % 3) + 0.123456789 * Double(t % 7) }
        var small: [String: Double] = [:]
        var large = [String: Double](minimumCapacity: 4096)
        for (key, value) in zip(keys, values) { small[key] = value }
        for (key, value) in zip(keys, values).reversed() { large[key] = value }
        #expect(Array(small.keys) != Array(large.keys), "the two dictionaries must list the readings in different orders")
        let a = try #require(matcher.match(RadioScan(timeSeconds: 0, readings: small)))
        let b = try #require(matcher.match(RadioScan(timeSeconds: 0, readings: large)))
        #expect(a.point == b.point && a.covariance == b.covariance && a.bestRMSDb == b.bestRMSDb)
    }
}
