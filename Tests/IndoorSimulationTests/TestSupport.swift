import Foundation
import IndoorGeometry
import IndoorRecordings
import IndoorRouting
import IndoorVenue
import VenueFixtures

@testable import IndoorSimulation

/// Shared helpers for the simulation tests.
enum Fixture {
    static let gravity = 9.80665

    /// One level with one corridor `lengthMeters` × `widthMeters` (x 0…length, y 0…width) and a graph of one
    /// walkway edge along its centre line.
    static func corridor(lengthMeters: Double, widthMeters: Double) -> Venue {
        var builder = NavigationGraph.Builder(source: .authored)
        builder.addNode(NavNode(point: LocalPoint(x: 0, y: widthMeters / 2), levelIndex: 0))
        builder.addNode(NavNode(point: LocalPoint(x: lengthMeters, y: widthMeters / 2), levelIndex: 0))
        builder.addEdge(NavEdge(from: 0, to: 1, kind: .walkway, lengthMeters: lengthMeters))
        let outline = Polygon(exterior: [
            LocalPoint(x: 0, y: 0), LocalPoint(x: lengthMeters, y: 0),
            LocalPoint(x: lengthMeters, y: widthMeters), LocalPoint(x: 0, y: widthMeters),
        ])
        return Venue(
            id: "corridor", name: LocalizedName("Corridor", language: "en"), defaultLanguage: "en", frame: TestVenues.frame,
            buildings: [Building(id: "B", name: LocalizedName("Main", language: "en"))],
            levels: [Level(id: "L0", ordinal: 0, name: LocalizedName("Level 0", language: "en"), buildingIDs: ["B"])],
            spaces: [Space(id: "corridor", category: "walkway", polygon: outline, levelID: "L0", buildingID: "B")],
            openings: [], pois: [], connectors: [], graph: builder.build())
    }

    /// The golden venue, walked from the west entrance (L0) to the office (L1) by elevator.
    static func goldenWalk(
        seed: UInt64 = 7, configuration: SimulationConfiguration = .standard,
        deviation: Deviation? = nil, durationSeconds: Double? = nil
    ) throws -> (Venue, Trajectory) {
        let venue = TestVenues.golden()
        let planner = try WalkPlanner(venue: venue, configuration: configuration)
        let trajectory = try planner.plan(
            WalkRequest(
                origin: .feature(id: "entrance"), destination: .feature(id: "office"), seed: seed,
                deviation: deviation, durationSeconds: durationSeconds))
        return (venue, trajectory)
    }

    /// All samples of a simulation, in stream order.
    static func samples(_ simulation: SensorSimulation) -> [SensorSample] {
        var stream = simulation.makeStream()
        var out: [SensorSample] = []
        while let s = stream.next() { out.append(s) }
        return out
    }

    /// A configuration with every noise, bias and drift switched off.
    static func noiseless() throws -> SimulationConfiguration {
        var inertial = InertialSensorConfiguration.standard
        inertial.accelerometerNoiseMetersPerSecondSquared = 0
        inertial.gyroscopeNoiseRadiansPerSecond = 0
        inertial.gyroscopeBiasRadiansPerSecond = 0
        inertial.magnetometerNoiseMicroTesla = 0
        inertial.magnetometerBiasMicroTesla = 0
        inertial.headingNoiseDegrees = 0
        inertial.headingDriftDegreesPerSqrtSecond = 0
        inertial.pressureNoiseHectopascals = 0
        inertial.pressureDriftHectopascalsPerSqrtSecond = 0
        return try SimulationConfiguration(inertial: inertial)
    }

    /// Distance from `p` to the segment a–b (plain vector algebra, independent of IndoorGeometry's projection).
    static func distance(_ p: LocalPoint, toSegment a: LocalPoint, _ b: LocalPoint) -> Double {
        let abx = b.x - a.x, aby = b.y - a.y
        let lengthSquared = abx * abx + aby * aby
        var s = lengthSquared > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / lengthSquared : 0
        s = min(max(s, 0), 1)
        let dx = a.x + s * abx - p.x, dy = a.y + s * aby - p.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Distance from a point on `level` to the route: the nearest route segment touching that level.
    static func distance(_ p: LocalPoint, level: String, toRoute route: [RoutePoint]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(route, route.dropFirst()) where a.levelID == level || b.levelID == level {
            best = min(best, distance(p, toSegment: a.point, b.point))
        }
        return best
    }

    /// Heading (clockwise from north) of the device y axis for a device→world quaternion:
    /// the second column of the rotation matrix is (2(xy − wz), 1 − 2(x² + z²), 2(yz + wx)).
    static func azimuth(of q: Quaternion) -> Double {
        let east = 2 * (q.x * q.y - q.w * q.z)
        let north = 1 - 2 * (q.x * q.x + q.z * q.z)
        return atan2(east, north)
    }

    /// Signed smallest difference a − b in (−π, π].
    static func angleDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        if d > .pi { d -= 2 * .pi }
        if d <= -.pi { d += 2 * .pi }
        return d
    }

    /// Counts steps in a vertical-acceleration series: a 5-sample moving average, then a count each time
    /// it rises above g + 0.7 m/s² after having fallen below g − 0.3 m/s² (hysteresis against noise).
    static func countBumps(_ vertical: [Double]) -> Int {
        var count = 0
        var armed = true
        var window: [Double] = []
        for v in vertical {
            window.append(v)
            if window.count > 5 { window.removeFirst() }
            let smooth = window.reduce(0, +) / Double(window.count)
            if armed, smooth > gravity + 0.7 { count += 1; armed = false }
            if !armed, smooth < gravity - 0.3 { armed = true }
        }
        return count
    }
}
