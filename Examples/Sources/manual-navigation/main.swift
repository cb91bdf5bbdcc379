import ExampleSupport
import IndoorNav

// Drives a navigation session with the manual provider: a script "taps" the user's position once a
// second while walking the planned route at 1.3 m/s (as a user setting their position by hand would,
// or a test), the provider hands each location to its listener, and the listener feeds the session.
// Prints the session's events; fails unless it arrives once with no off-route verdict.
//
//   swift run manual-navigation [VENUE] [FROM] [TO]

runExample("manual-navigation") {
    let venuePath = ExamplePaths.argument(1, default: ExamplePaths.bundled("Recordings/venues/campus"))
    let from = ExamplePaths.argument(2, default: "am-info")
    let to = ExamplePaths.argument(3, default: "occ-deans-office")
    let venue = try VenueLoader.load(path: venuePath)

    // Plan once to know where the walk goes (the session plans its own route from the first fix).
    let router = IndoorRouter(venue: venue)
    guard let planned = try router.route(RouteRequest(from: .feature(id: from), to: .feature(id: to))).route else {
        throw ExampleFailure("no route from \(from) to \(to)")
    }
    let path = RouteWalk(planned)
    guard let start = path.location(atOffset: 0) else { throw ExampleFailure("the route has no start") }

    let session = try NavigationSession(venue: venue, router: router)
    let provider = ManualLocationProvider()
    var events: [(Double, NavigationEvent)] = []
    var failure: (any Error)?
    provider.addListener { event in
        guard case .location(let location) = event else { return }
        if session.isNavigating {
            for e in session.handle(location) { events.append((location.timeSeconds, e)) }
        } else if events.isEmpty {
            do {
                for e in try session.startNavigation(to: .feature(id: to), from: location) { events.append((location.timeSeconds, e)) }
            } catch {
                failure = error
            }
        }
    }
    provider.start()

    let speedMetersPerSecond = 1.3
    let walkSeconds = Int((path.lengthMeters / speedMetersPerSecond).rounded(.up))
    // Walk, then stand at the destination for a few seconds.
    for second in 0...(walkSeconds + 6) {
        let offset = min(path.lengthMeters, Double(second) * speedMetersPerSecond)
        guard let here = path.location(atOffset: offset) else { continue }
        provider.setLocation(
            IndoorLocation(
                point: here.point, levelID: here.levelID, accuracyMeters: 2,
                timeSeconds: Double(second), source: "manual"))
    }
    if let failure { throw ExampleFailure("navigation did not start: \(failure)") }

    for (time, event) in events { print(String(format: "%5.0f s  ", time) + describe(event)) }
    let arrivals = events.filter { if case .arrived(let info) = $0.1 { return info.isFinal } else { return false } }
    let offRoute = events.filter { if case .offRoute = $0.1 { return true } else { return false } }
    print(
        "started at (\(start.point.x), \(start.point.y)) on \(start.levelID); \(arrivals.count) arrival(s), \(offRoute.count) off-route verdict(s)"
    )
    guard arrivals.count == 1, offRoute.isEmpty else { throw ExampleFailure("expected one arrival and no off-route verdict") }
}

/// Points along a route's polylines by distance walked (level changes take no distance here).
struct RouteWalk {
    let points: [RoutePoint]
    let offsetsMeters: [Double]

    init(_ route: Route) {
        points = route.sections.flatMap(\.polyline)
        var offsets: [Double] = []
        for (i, point) in points.enumerated() {
            let previous = i > 0 ? points[i - 1] : point
            let step = previous.levelID == point.levelID ? previous.point.distance(to: point.point) : 0
            offsets.append((offsets.last ?? 0) + step)
        }
        offsetsMeters = offsets
    }

    var lengthMeters: Double { offsetsMeters.last ?? 0 }

    /// The point `offsetMeters` along the route (clamped to its ends) and its level.
    func location(atOffset offsetMeters: Double) -> (point: LocalPoint, levelID: String)? {
        guard let first = points.first else { return nil }
        guard offsetMeters > 0 else { return (first.point, first.levelID) }
        for i in 1..<points.count where offsetsMeters[i] >= offsetMeters {
            let a = points[i - 1], b = points[i]
            let span = offsetsMeters[i] - offsetsMeters[i - 1]
            guard span > 0, a.levelID == b.levelID else { return (b.point, b.levelID) }
            let t = (offsetMeters - offsetsMeters[i - 1]) / span
            return (LocalPoint(x: a.point.x + t * (b.point.x - a.point.x), y: a.point.y + t * (b.point.y - a.point.y)), a.levelID)
        }
        return points.last.map { ($0.point, $0.levelID) }
    }
}

/// One line per event.
func describe(_ event: NavigationEvent) -> String {
    switch event {
    case .started(let id, let route): "started to \(id ?? "a point"): \(Int(route.lengthMeters.rounded())) m"
    case .maneuverAdvanced(_, _, let maneuver): "next: \(maneuver.action)"
    case .levelChanged(let a, let b): "level \(a) → \(b)"
    case .arriving(let target, let d): "arriving at \(target) in \(Int(d.rounded())) m"
    case .arrived(let info): "arrived at \(info.destinationName ?? info.destinationID ?? "the stop")"
    case .offRoute(let d, let reason): "off route (\(reason), \(Int(d.rounded())) m)"
    default: "\(event)"
    }
}
