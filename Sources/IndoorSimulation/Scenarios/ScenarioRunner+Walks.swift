import Foundation
import IndoorGeometry
import IndoorNavigation
import IndoorPositioning
import IndoorRouting
import IndoorVenue

extension ScenarioRunner {
    /// Walks a random route from start to destination with noisy fixes, then dwells there.
    public func onRouteWalk(seed: UInt64) -> OnRouteOutcome? {
        var random = ScenarioSeed.generator(seed)
        guard let route = randomRoute(random: &random, lengthRange: 40...250), let session = makeSession(),
            let destination = route.polyline.last, let walk = trajectory(along: route)
        else { return nil }
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 1_000_003)
        let reachTime = walk.durationSeconds
        var time = 0.0
        var offRoute = 0, reroutes = 0, fixCount = 0
        var arrival = ArrivalOutcome(delaySeconds: nil, trueDistanceMeters: 0)
        let start = truth(of: walk, atSeconds: 0)
        var events = session.startNavigation(
            along: route, from: generator.fix(of: start.position, headingRadians: start.headingRadians, timeSeconds: 0))
        while true {
            for event in events {
                switch event {
                case .offRoute: offRoute += 1
                case .rerouted(_, .offRoute, _): reroutes += 1
                case .arrived(let info) where info.isFinal && arrival.delaySeconds == nil:
                    let here = truth(of: walk, atSeconds: time).position
                    arrival = ArrivalOutcome(
                        delaySeconds: time - reachTime,
                        trueDistanceMeters: here.levelID == destination.levelID ? here.point.distance(to: destination.point) : .infinity)
                default: break
                }
            }
            if time > reachTime + dwellSeconds || (arrival.delaySeconds != nil && time > reachTime + 2) { break }
            time += generator.nextInterval()
            let state = truth(of: walk, atSeconds: time)
            let fix = generator.fix(of: state.position, headingRadians: state.headingRadians, timeSeconds: time)
            events = session.handle(fix)
            observer?(fix, state.position, events)
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
        guard let original = trajectory(along: route),
            let (leaveTime, target) = deviationTarget(route: route, walk: original, random: &random),
            let destination = route.polyline.last
        else { return nil }
        // The walk: along the route to the leaving point, then straight to the target.
        guard var composer = try? WalkComposer(venue: venue, walker: walker, startOf: route), (try? composer.follow(route)) != nil
        else { return nil }
        composer.cut(atSeconds: leaveTime)
        composer.walk(to: target.point, isDeviation: true)
        var walk = composer.trajectory()
        var walkStart = 0.0
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 2_000_029)
        var time = 0.0
        var crossTime: Double?, offRouteTime: Double?
        var reroutes = 0, maxStartDistance = 0.0
        var joined = false
        var waitedAtTarget = 0.0
        var reachTime: Double?
        var arrival = ArrivalOutcome(delaySeconds: nil, trueDistanceMeters: 0)
        func truth(at t: Double) -> (position: RoutePoint, headingRadians: Double) {
            self.truth(of: walk, atSeconds: t - walkStart)
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
            if !joined, time - walkStart >= walk.durationSeconds {
                // At the target: once rerouted (or after 20 s), follow the session's route from its nearest point.
                waitedAtTarget += interval
                if reroutes > 0 || waitedAtTarget > 20, let current = session.route, let rejoin = join(from: target, onto: current) {
                    walk = rejoin
                    walkStart = time
                    joined = true
                }
            }
            if joined, reachTime == nil { reachTime = walkStart + walk.durationSeconds }
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
        let far = RoutePoint(point: LocalPoint(x: box.maxX + 70, y: box.center.y), levelID: first.levelID)
        guard venue.spatialIndex.nearestEdge(to: far.point, levelIndex: li, maxDistanceMeters: 50) == nil else { return nil }
        var generator = FixGenerator(configuration: fixes, seed: seed &+ 3_000_017)
        _ = session.startNavigation(
            along: route,
            from: generator.fix(of: first, headingRadians: 0, timeSeconds: 0))
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

    /// A leaving time and a target 15–20 m to the side of the route, at least 12 m from every part of
    /// it on that level and within 25 m of the graph (so a new route can start there). The walker leaves
    /// while walking on a level (not on a connector).
    func deviationTarget(route: Route, walk: Trajectory, random: inout SplitMix64) -> (Double, RoutePoint)? {
        let duration = walk.durationSeconds
        for _ in 0..<40 {
            let t = duration * Double.random(in: 0.25...0.6, using: &random)
            guard walk.state(atSeconds: t).motion == .walking else { continue }
            let here = truth(of: walk, atSeconds: t)
            let ahead = truth(of: walk, atSeconds: t + 1 / walker.walkingSpeedMetersPerSecond)
            guard here.position.levelID == ahead.position.levelID, let li = try? venue.levelIndex(here.position.levelID) else { continue }
            for side in [1.0, -1.0] {
                for offset in [15.0, 18.0, 20.0] {
                    let h = here.headingRadians + side * .pi / 2
                    let p = here.position.point + LocalVector(dx: offset * sin(h), dy: offset * cos(h))
                    let target = RoutePoint(point: p, levelID: here.position.levelID)
                    guard ScenarioRunner.distance(from: target, to: route) >= 12,
                        venue.spatialIndex.nearestEdge(to: p, levelIndex: li, maxDistanceMeters: 25) != nil
                    else { continue }
                    return (t, target)
                }
            }
        }
        return nil
    }

    /// The walk from `point` to the nearest point of `route` on its level, then along the rest of the
    /// route (the whole route from its start when none of it is on that level).
    func join(from point: RoutePoint, onto route: Route) -> Trajectory? {
        let line = route.polyline
        var best: (index: Int, point: LocalPoint, distance: Double)?
        for (i, (a, b)) in zip(line, line.dropFirst()).enumerated() where a.levelID == point.levelID && b.levelID == point.levelID {
            let q = Segment(a.point, b.point).closestPoint(to: point.point).point
            let d = q.distance(to: point.point)
            if d < (best?.distance ?? .infinity) { best = (i, q, d) }
        }
        let heading = best.map { point.point.distance(to: $0.point) > 1e-6 ? point.point.bearingRadians(to: $0.point) : 0 } ?? 0
        guard var composer = try? WalkComposer(venue: venue, walker: walker, start: point, headingRadians: heading) else { return nil }
        do {
            if let best {
                composer.walk(to: best.point)
                try composer.follow(route, afterVertex: best.index)
            } else {
                try composer.follow(route)
            }
        } catch { return nil }
        return composer.trajectory()
    }

    /// The walk along the whole of `route`; `nil` when its levels are not the venue's.
    func trajectory(along route: Route) -> Trajectory? {
        guard var composer = try? WalkComposer(venue: venue, walker: walker, startOf: route), (try? composer.follow(route)) != nil
        else { return nil }
        return composer.trajectory()
    }

    /// The true position (on its level) and direction of travel of `walk` at `seconds` (clamped to the walk).
    func truth(of walk: Trajectory, atSeconds seconds: Double) -> (position: RoutePoint, headingRadians: Double) {
        let state = walk.state(atSeconds: max(0, seconds))
        let levelID = walk.levelIDs.indices.contains(state.levelIndex) ? walk.levelIDs[state.levelIndex] : ""
        return (RoutePoint(point: state.position, levelID: levelID), state.headingRadians)
    }
}
