import IndoorGeometry

/// Edges between the entry nodes of each connector.
///
/// - Which levels: lifts (elevator, elevator bank, car lift) join every pair of levels they serve, so a
///   ride waits once however many floors it spans; stairs, escalators, ramps and generic connectors join
///   consecutive served levels (by ordinal), since one walks through each floor. Every entry on one
///   level joins every entry on the other.
/// - Length (m): with rise h = |Δ elevation| and horizontal distance d, √(max(d, h·run)² + h²) where run
///   is `connectorRunPerRise[kind]` (a stair flight is longer than its height); kinds with no run
///   (lifts) get d + h.
/// - Fixed time: `connectorFixedSeconds[kind]` (elevator waiting, default 30 s).
/// - Direction: `.up` connectors are one-way from the lower to the higher level, `.down` the reverse.
/// - Modes: drive ramps vehicles only; car lifts vehicles and pedestrians; all others pedestrians.
/// - Accessibility: the connector's `isAccessible`.
enum ConnectorEdges {
    static func derive(work: inout DerivationWork) {
        let venue = work.venue, options = work.options
        for (c, connector) in venue.connectors.enumerated() {
            var byLevel: [Int: [Int32]] = [:]
            for (level, node) in work.connectorEntryNodes[c] { byLevel[level, default: []].append(node) }
            let served = byLevel.keys.sorted()
            guard served.count >= 2 else {
                work.warn(connector.id, "connector has entries on \(served.count) level(s); it joins nothing")
                continue
            }
            let isLift = [ConnectorKind.elevator, .elevatorBank, .carLift].contains(connector.kind)
            var levelPairs: [(Int, Int)] = []
            for i in served.indices {
                for j in (i + 1)..<served.count where isLift || j == i + 1 { levelPairs.append((served[i], served[j])) }
            }
            let run = options.connectorRunPerRise[connector.kind] ?? 0
            let fixed = options.connectorFixedSeconds[connector.kind] ?? 0
            let modes: TransportModes = switch connector.kind {
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
                        work.appendEdge(NavEdge(from: downward ? b : a, to: downward ? a : b, kind: .connector(connector.kind),
                                                lengthMeters: length, fixedSeconds: fixed, modes: modes,
                                                isOneWay: connector.direction != .both, isAccessible: connector.isAccessible,
                                                connectorIndex: Int32(c)))
                    }
                }
            }
        }
    }
}
