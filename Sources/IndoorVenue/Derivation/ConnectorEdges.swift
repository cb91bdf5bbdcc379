import IndoorGeometry

/// Edges between the entry nodes of each connector.
///
/// - Which levels: lifts (elevator, elevator bank, car lift) join every pair of levels they serve, so a
///   ride waits once however many floors it spans; stairs, escalators, ramps and generic connectors join
///   levels of consecutive served ordinals, since one walks through each floor. Levels sharing an
///   ordinal (an outdoor concourse beside the indoor floor) are not joined to each other but each joins
///   the ordinals above and below; a connector serving one ordinal only (a ramp or bridge between two
///   buildings' floors) joins its levels in order of elevation. Every entry on one level joins every entry on the other.
/// - Length (m): with rise h = |Δ elevation| and horizontal distance d, √(max(d, h·run)² + h²) where run
///   is `connectorRunPerRise[kind]` (a stair flight is longer than its height); kinds with no run
///   (lifts) get d + h.
/// - Fixed time: `connectorFixedSeconds[kind]` (elevator waiting, default 30 s).
/// - Direction: `.up` connectors are one-way from the lower to the higher level, `.down` the reverse.
/// - Modes: drive ramps vehicles only; car lifts vehicles and pedestrians; all others pedestrians.
/// - Accessibility: the connector's `isAccessible`.
/// - A traversal whose entries all lie on one level joins them in order with walkway edges
///   (``joinAcross(_:nodes:work:)``): IMDF uses traversals to say one may walk from one unit to another.
enum ConnectorEdges {
    /// A traversal relationship between units of one level (origin, intermediary openings, destination):
    /// walkway edges joining its entries in order (accessible, like any walk on one floor), one-way from
    /// the origin on when directed.
    static func joinAcross(_ connector: Connector, nodes: [Int32], work: inout DerivationWork) {
        for (a, b) in zip(nodes, nodes.dropFirst()) {
            if connector.direction == .both {
                work.addLevelEdge(a, b, kind: .walkway, modes: .pedestrian, isAccessible: true)
            } else {
                let length = work.nodes[Int(a)].point.distance(to: work.nodes[Int(b)].point)
                work.appendEdge(NavEdge(from: a, to: b, kind: .walkway, lengthMeters: length, modes: .pedestrian, isOneWay: true))
            }
        }
    }

    static func derive(work: inout DerivationWork) {
        let venue = work.venue, options = work.options
        for (c, connector) in venue.connectors.enumerated() {
            var byLevel: [Int: [Int32]] = [:]
            for (level, node) in work.connectorEntryNodes[c] { byLevel[level, default: []].append(node) }
            let served = byLevel.keys.sorted { (venue.levels[$0].ordinal, $0) < (venue.levels[$1].ordinal, $1) }
            let ordinals = Array(Set(served.map { venue.levels[$0].ordinal })).sorted()
            guard served.count >= 2 else {
                if let level = served.first, connector.kind == .connector, let nodes = byLevel[level], nodes.count >= 2 {
                    joinAcross(connector, nodes: nodes, work: &work)
                } else {
                    work.warn(connector.id, "connector has entries on \(served.count) level(s); it joins nothing")
                }
                continue
            }
            let isLift = [ConnectorKind.elevator, .elevatorBank, .carLift].contains(connector.kind)
            var levelPairs: [(Int, Int)] = []
            if ordinals.count == 1 {
                // A ramp or bridge between buildings' levels of one ordinal: lowest elevation first.
                let byHeight = served.sorted { (venue.levels[$0].elevationMeters, $0) < (venue.levels[$1].elevationMeters, $1) }
                levelPairs = Array(zip(byHeight, byHeight.dropFirst()))
            }
            for a in served where ordinals.count > 1 {
                guard let rank = ordinals.firstIndex(of: venue.levels[a].ordinal) else { continue }
                for b in served {
                    guard let other = ordinals.firstIndex(of: venue.levels[b].ordinal), other > rank,
                        isLift || other == rank + 1
                    else { continue }
                    levelPairs.append((a, b))
                }
            }
            let run = options.connectorRunPerRise[connector.kind] ?? 0
            let fixed = options.connectorFixedSeconds[connector.kind] ?? 0
            let modes: TransportModes =
                switch connector.kind {
                case .driveRamp: .vehicle
                case .carLift: .all
                default: .pedestrian
                }
            for (lower, upper) in levelPairs {
                var rise = abs(venue.levels[upper].elevationMeters - venue.levels[lower].elevationMeters)
                if !rise.isFinite {
                    work.warn(connector.id, "level elevations are not finite; the connector's rise is taken as 0")
                    rise = 0
                }
                for a in byLevel[lower] ?? [] {
                    for b in byLevel[upper] ?? [] {
                        let d = work.nodes[Int(a)].point.distance(to: work.nodes[Int(b)].point)
                        let length: Double
                        if run > 0 {
                            let horizontal = max(d, rise * run)
                            length = (horizontal * horizontal + rise * rise).squareRoot()
                        } else {
                            length = d + rise
                        }
                        let downward = connector.direction == .down
                        work.appendEdge(
                            NavEdge(
                                from: downward ? b : a, to: downward ? a : b, kind: .connector(connector.kind),
                                lengthMeters: length, fixedSeconds: fixed, modes: modes,
                                isOneWay: connector.direction != .both, isAccessible: connector.isAccessible,
                                connectorIndex: Int32(c)))
                    }
                }
            }
        }
    }
}
