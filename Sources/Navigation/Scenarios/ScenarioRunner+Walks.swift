import Foundation
import IndoorGeometry
import IndoorPositioning
import IndoorRouting
import IndoorVenue

extension ScenarioRunner {
    /// Walks a random route from start to destination with noisy fixes, then dwells there.
    public func onRouteWalk(seed: UInt64) -> OnRouteOutcome? {
        var random = ScenarioSeed.generator(seed)
        guard let route = randomRoute(random: &random, lengthRange: 40...250), let session = makeSession() else { return nil }
        let walker = PathWalker(points: ScenarioRunner.path(of: route))
        guard let destination = walker.points.last else { return nil }
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 1_000_003)
        let speed = walkingSpeedMetersPerSecond
        let reachTime = walker.lengthMeters / speed
        var time = 0.0
        var offRoute = 0, reroutes = 0, fixCount = 0
        var arrival = ArrivalOutcome(delaySeconds: nil, trueDistanceMeters: 0)
        let start = walker.state(atMeters: 0)
        var events = session.startNavigation(
            along: route, from: generator.fix(of: start.position, headingRadians: start.headingRadians, timeSeconds: 0))
        while true {
            for event in events {
                switch event {
                case .offRoute: offRoute += 1
                case .rerouted(_, .offRoute, _): reroutes += 1
                case .arrived(let info) where info.isFinal && arrival.delaySeconds == nil:
                    let truth = walker.state(atMeters: min(walker.lengthMeters, speed * time)).position
                    arrival = ArrivalOutcome(
                        delaySeconds: time - reachTime,
                        trueDistanceMeters: truth.levelID == destination.levelID ? truth.point.distance(to: destination.point) : .infinity)
                default: break
                }
            }
            if time > reachTime + dwellSeconds || (arrival.delaySeconds != nil && time > reachTime + 2) { break }
            time += generator.nextInterval()
            let truth = walker.state(atMeters: min(walker.lengthMeters, speed * time))
            let fix = generator.fix(of: truth.position, headingRadians: truth.headingRadians, timeSeconds: time)
            events = session.handle(fix)
            observer?(fix, truth.position, events)
            fixCount += 1
        }
        return OnRouteOutcome(offRouteEvents: offRoute, reroutes: reroutes, arrival: arrival, fixes: fixCount)
    }

    /// Leaves a random route part way, walks to a point 15–20 m off it, waits there for the new route,
    /// then follows that route to the destination.
    public func deviationWalk(seed: UInt64) -> DeviationOutcome? {
        var random = ScenarioSeed.generator(seed &+ 7_777)
        // Guidance pauses by design at authored transitions, so deviation walks use routes without them.
        guard let route = randomRoute(random: &random, lengthRange: 60...250, allowTransitions: false),
            let session = makeSession()
        else { return nil }
        let original = PathWalker(points: ScenarioRunner.path(of: route))
        guard let (leaveMeters, target) = deviationTarget(route: route, walker: original, random: &random),
            let destination = original.points.last
        else { return nil }
        // The path: along the route to the leaving point, then straight to the target.
        var points = original.points.enumerated().filter { original.cumulativeMeters[$0.offset] < leaveMeters }.map(\.element)
        points.append(original.state(atMeters: leaveMeters).position)
        points.append(target)
        var walker = PathWalker(points: points)
        var walkerStart = 0.0
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 2_000_029)
        let speed = walkingSpeedMetersPerSecond
        let leaveTime = leaveMeters / speed
        var time = 0.0
        var crossTime: Double?, offRouteTime: Double?
        var reroutes = 0, maxStartDistance = 0.0
        var joined = false
        var waitedAtTarget = 0.0
        var reachTime: Double?
        var arrival = ArrivalOutcome(delaySeconds: nil, trueDistanceMeters: 0)
        func truth(at t: Double) -> (position: PathPoint, headingRadians: Double) {
            walker.state(atMeters: min(walker.lengthMeters, speed * max(0, t - walkerStart)))
        }
        let start = truth(at: 0)
        var events = session.startNavigation(
            along: route, from: generator.fix(of: start.position, headingRadians: start.headingRadians, timeSeconds: 0))
        while time < leaveTime + 400 {
            let now = truth(at: time).position
            for event in events {
                switch event {
                case .offRoute where time >= leaveTime && offRouteTime == nil: offRouteTime = time
                case .rerouted(let newRoute, .offRoute, _):
                    reroutes += 1
                    if let first = newRoute.sections.first?.polyline.first {
                        maxStartDistance = max(
                            maxStartDistance, first.levelID == now.levelID ? first.point.distance(to: now.point) : .infinity)
                    }
                case .arrived(let info) where info.isFinal && arrival.delaySeconds == nil:
                    let d = now.levelID == destination.levelID ? now.point.distance(to: destination.point) : .infinity
                    arrival = ArrivalOutcome(delaySeconds: time - (reachTime ?? time), trueDistanceMeters: d)
                default: break
                }
            }
            if let reach = reachTime, time > reach + dwellSeconds || (arrival.delaySeconds != nil && time > reach + 2) { break }
            let interval = generator.nextInterval()
            // Find when the true position first crosses 8 m off the original route (0.1 s steps).
            if crossTime == nil, !joined {
                var t = time
                while t < time + interval, crossTime == nil {
                    t += 0.1
                    if t >= leaveTime, ScenarioRunner.distance(from: truth(at: t).position, to: route) >= 8 { crossTime = t }
                }
            }
            time += interval
            if !joined, speed * (time - walkerStart) >= walker.lengthMeters {
                // At the target: once rerouted (or after 20 s), follow the session's route from its nearest point.
                waitedAtTarget += interval
                if reroutes > 0 || waitedAtTarget > 20, let current = session.route {
                    walker = PathWalker(points: joinPath(from: target, onto: current))
                    walkerStart = time
                    joined = true
                }
            }
            if joined, reachTime == nil { reachTime = walkerStart + walker.lengthMeters / speed }
            let state = truth(at: time)
            let fix = generator.fix(of: state.position, headingRadians: state.headingRadians, timeSeconds: time)
            events = session.handle(fix)
            observer?(fix, state.position, events)
        }
        var delay: Double?
        if let detected = offRouteTime { delay = detected - (crossTime ?? detected) }
        return DeviationOutcome(
            detectionDelaySeconds: delay, reroutes: reroutes,
            maxRouteStartDistanceMeters: maxStartDistance, arrival: arrival,
            deviationMeters: ScenarioRunner.distance(from: target, to: route))
    }

    /// A user who stands still far (> 50 m) from any path on the route's start level.
    public func strandedWalk(seed: UInt64) -> StrandedOutcome? {
        var random = ScenarioSeed.generator(seed &+ 99_991)
        guard let route = randomRoute(random: &random, lengthRange: 20...250), let session = makeSession(),
            let first = route.polyline.first, let li = try? venue.levelIndex(first.levelID)
        else { return nil }
        let levelNodes = venue.graph.nodes.filter { Int($0.levelIndex) == li }.map(\.point)
        guard let box = BoundingBox(points: levelNodes) else { return nil }
        let far = PathPoint(point: LocalPoint(x: box.maxX + 70, y: box.center.y), levelID: first.levelID)
        guard venue.spatialIndex.nearestEdge(to: far.point, levelIndex: li, maxDistanceMeters: 50) == nil else { return nil }
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 3_000_017)
        _ = session.startNavigation(
            along: route,
            from: generator.fix(
                of: PathPoint(point: first.point, levelID: first.levelID),
                headingRadians: 0, timeSeconds: 0))
        var time = 0.0, attempts = 0, gaveUp = false
        while time < 180 {
            time += generator.nextInterval()
            let fix = generator.fix(of: far, headingRadians: 0, timeSeconds: time)
            let events = session.handle(fix)
            observer?(fix, far, events)
            for event in events {
                if case .rerouteRequested = event { attempts += 1 }
                if case .rerouteGaveUp = event { gaveUp = true }
            }
        }
        return StrandedOutcome(attempts: attempts, gaveUp: gaveUp)
    }

    /// A leaving offset and a target 15–20 m to the side of the route, at least 12 m from every part
    /// of it on that level and within 25 m of the graph (so a new route can start there).
    func deviationTarget(route: Route, walker: PathWalker, random: inout SplitMix64) -> (Double, PathPoint)? {
        let length = walker.lengthMeters
        for _ in 0..<40 {
            let s = length * Double.random(in: 0.25...0.6, using: &random)
            let here = walker.state(atMeters: s)
            let ahead = walker.state(atMeters: s + 1)
            guard here.position.levelID == ahead.position.levelID, let li = try? venue.levelIndex(here.position.levelID) else { continue }
            for side in [1.0, -1.0] {
                for offset in [15.0, 18.0, 20.0] {
                    let h = here.headingRadians + side * .pi / 2
                    let p = here.position.point + LocalVector(dx: offset * sin(h), dy: offset * cos(h))
                    let target = PathPoint(point: p, levelID: here.position.levelID)
                    guard ScenarioRunner.distance(from: target, to: route) >= 12,
                        venue.spatialIndex.nearestEdge(to: p, levelIndex: li, maxDistanceMeters: 25) != nil
                    else { continue }
                    return (s, target)
                }
            }
        }
        return nil
    }

    /// From `point` to the nearest point of `route` on its level, then along the rest of the route.
    func joinPath(from point: PathPoint, onto route: Route) -> [PathPoint] {
        let line = route.polyline
        var best: (index: Int, point: LocalPoint, distance: Double)?
        for (i, (a, b)) in zip(line, line.dropFirst()).enumerated() where a.levelID == point.levelID && b.levelID == point.levelID {
            let q = Segment(a.point, b.point).closestPoint(to: point.point).point
            let d = q.distance(to: point.point)
            if d < (best?.distance ?? .infinity) { best = (i, q, d) }
        }
        guard let best else { return [point] + line.map { PathPoint(point: $0.point, levelID: $0.levelID) } }
        return [point, PathPoint(point: best.point, levelID: point.levelID)]
            + line[(best.index + 1)...].map { PathPoint(point: $0.point, levelID: $0.levelID) }
    }
}
