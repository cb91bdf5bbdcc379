import Foundation
import IndoorGeometry
import IndoorVenue
import Testing

@testable import IndoorRouting

/// Alternative routes on the campus and the generated venue: ranked, materially different, not much
/// longer, each a whole route between the same places.
@Suite struct AlternativeRouteTests {
    /// Length of the polyline pieces of `route` that `other` also runs along (either direction),
    /// from the polylines alone (not the search's edge sets).
    static func sharedMeters(_ route: Route, with other: Route) -> Double {
        func key(_ a: RoutePoint, _ b: RoutePoint) -> String {
            let p = "\((a.point.x * 100).rounded()),\((a.point.y * 100).rounded()),\(a.levelID)"
            let q = "\((b.point.x * 100).rounded()),\((b.point.y * 100).rounded()),\(b.levelID)"
            return p < q ? p + "|" + q : q + "|" + p
        }
        var others = Set<String>()
        let o = other.polyline
        for (a, b) in zip(o, o.dropFirst()) { others.insert(key(a, b)) }
        let r = route.polyline
        var shared = 0.0
        for (a, b) in zip(r, r.dropFirst()) where others.contains(key(a, b)) {
            shared += a.point.distance(to: b.point)
        }
        return shared
    }

    func check(_ venue: Venue, pairs: [(Place, Place)], wanted: Int) throws -> Int {
        let router = IndoorRouter(venue: venue)
        var found = 0
        for (a, b) in pairs {
            var request = RouteRequest(from: a, to: b)
            request.options.alternatives = wanted
            let response = try router.route(request)
            guard let best = response.route else { continue }
            let alternatives = try #require(response.alternatives)
            #expect(alternatives.count <= wanted - 1)
            found += alternatives.count
            var previous = best
            for (k, alt) in alternatives.enumerated() {
                // Ranked by cost (fastest: seconds), none better than the best, at most 1.7 × it.
                #expect(alt.durationSeconds >= previous.durationSeconds - 1e-6, "\(a) → \(b): alternative \(k + 2) out of order")
                #expect(alt.durationSeconds <= best.durationSeconds * 1.7 + 1e-6)
                // Same ends as the best route.
                #expect(alt.polyline.first?.levelID == best.polyline.first?.levelID)
                #expect(alt.sections.last?.arrival.point.distance(to: best.sections.last?.arrival.point ?? .zero) ?? 9 < 1e-6)
                // Materially different from every route ranked before it: the search allows 60 % shared
                // on graph edges; the polylines also share the walk to and from the graph (under 10 m here).
                for earlier in [best] + alternatives[..<k] {
                    let shared = Self.sharedMeters(alt, with: earlier)
                    #expect(
                        shared <= 0.6 * alt.lengthMeters + 10, "\(a) → \(b): alternative \(k + 2) shares \(shared) of \(alt.lengthMeters) m"
                    )
                    #expect(alt.polyline != earlier.polyline)
                }
                previous = alt
            }
        }
        return found
    }

    /// Every ordered pair of campus POIs: some get alternatives, all of them valid.
    @Test func campusAlternativesAreRankedAndDifferent() throws {
        let venue = try VenueLoader.load(path: RouteTruthTests.campus)
        let ids = venue.pois.map(\.id).sorted()
        let pairs = ids.flatMap { a in ids.filter { $0 != a }.map { (Place.feature(id: a), Place.feature(id: $0)) } }
        let found = try check(venue, pairs: pairs, wanted: 3)
        #expect(found > pairs.count / 2, "\(found) alternatives over \(pairs.count) pairs")
    }

    /// From the information desk to the dean's office (two floors up) the stairs are best and the
    /// elevator is offered as another connector.
    @Test func anotherConnectorIsOffered() throws {
        let router = IndoorRouter(venue: try VenueLoader.load(path: RouteTruthTests.campus))
        var request = RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-deans-office"))
        request.options.alternatives = 5
        let response = try router.route(request)
        func kinds(_ r: Route) -> [ConnectorKind] { r.sections.flatMap(\.maneuvers).compactMap { $0.levelChange?.connectorKind } }
        #expect(kinds(try #require(response.route)) == [.stairs])
        #expect((response.alternatives ?? []).contains { kinds($0) == [.elevator] })
        // Without the option there is no list; an out-of-range count is refused.
        #expect(try router.route(RouteRequest(from: .feature(id: "am-info"), to: .feature(id: "occ-deans-office"))).alternatives == nil)
        for bad in [0, 6] {
            request.options.alternatives = bad
            #expect(throws: RoutingError.self) { try router.route(request) }
        }
    }

    /// Seeded node pairs on the generated venue (two towers, several corridors per level).
    @Test func generatedVenueAlternatives() throws {
        let venue = try HierarchyTests.generatedVenue()
        var rng = SplitMix64(seed: 31)
        let nodes = venue.graph.nodes
        let pairs: [(Place, Place)] = (0..<60).map { _ in
            let a = nodes[Int(rng.next() % UInt64(nodes.count))], b = nodes[Int(rng.next() % UInt64(nodes.count))]
            return (
                .local(a.point, level: venue.levels[Int(a.levelIndex)].id), .local(b.point, level: venue.levels[Int(b.levelIndex)].id)
            )
        }
        let found = try check(venue, pairs: pairs, wanted: 3)
        #expect(found >= 30, "\(found) alternatives over 60 pairs")
    }
}
