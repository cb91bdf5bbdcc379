import IndoorGeometry
import IndoorVenue

/// Cuts a planned path into sections (at stopovers, transport-mode changes and authored transitions)
/// and gives each its maneuvers, pass-through waypoints, post-actions and notices.
struct RouteAssembler {
    let venue: Venue
    /// Level ids, buildings and spaces of the graph's nodes and edges (``RoutingIndex/assemblyLookups``).
    let lookups: AssemblyLookups
    let request: RouteRequest
    /// Avoided connector kinds that the route was allowed to use after all (for notices).
    let avoid: Set<ConnectorKind>

    func assemble(
        segments: [RouteSegment], boundaries: [Int], origin: RoutePlace, destination: RoutePlace,
        destinationIndex: Int, routeNotices: [RouteNotice]
    ) -> Route {
        // Where sections end (segment index one past the section's last segment), and why.
        enum Cut { case stopover(Int), passThrough(Int), transition(SectionTransition), modeChange }
        var cuts: [(at: Int, cut: Cut)] = []
        for (k, end) in boundaries.enumerated() {
            cuts.append((end, request.waypoints[k].passThrough ? .passThrough(k) : .stopover(k)))
        }
        for i in segments.indices {
            if i + 1 < segments.count, segments[i].travel != segments[i + 1].travel { cuts.append((i + 1, .modeChange)) }
            if let c = segments[i].connectorIndex, segments[i].startLevelIndex != segments[i].endLevelIndex,
                let type = venue.connectors[Int(c)].transitionTypeID, i + 1 < segments.count
            {
                cuts.append(
                    (
                        i + 1,
                        .transition(
                            SectionTransition(
                                transitionTypeID: type, connectorID: venue.connectors[Int(c)].id,
                                fromLevelID: lookups.levelIDs[segments[i].startLevelIndex],
                                toLevelID: lookups.levelIDs[segments[i].endLevelIndex]))
                    ))
            }
        }
        cuts.sort { $0.at < $1.at }

        var sections: [RouteSection] = []
        var start = 0
        var departure = origin
        var pending: [PassThroughWaypoint] = []
        var sectionStartOffset = 0.0
        var runningOffset = 0.0
        let maneuvers = ManeuverBuilder(venue: venue, lookups: lookups, language: request.options.language, units: request.options.units)
        let levelIDs = lookups.levelIDs

        func close(
            at end: Int, arrival: RoutePlace, postActions: [PostAction], transition: SectionTransition?,
            nextTravel: TravelKind? = nil
        ) {
            // A section of the whole route is the segments themselves (no copy).
            let slice = start == 0 && end == segments.count ? segments : Array(segments[start..<end])
            guard !slice.isEmpty else { return }
            var length = 0.0, duration = 0.0
            var polyline: [RoutePoint] = []
            polyline.reserveCapacity(slice.count + 1)
            polyline.append(RoutePoint(point: slice[0].start, levelID: levelIDs[slice[0].startLevelIndex]))
            var usedKinds: [ConnectorKind] = []
            for s in slice {
                length += s.lengthMeters
                duration += s.durationSeconds
                polyline.append(RoutePoint(point: s.end, levelID: levelIDs[s.endLevelIndex]))
                if !avoid.isEmpty, let kind = s.kind.connectorKind, avoid.contains(kind), !usedKinds.contains(kind) {
                    usedKinds.append(kind)
                }
            }
            let notices = usedKinds.map { RouteNotice(.violatedAvoid($0)) }
            let mode: TransportMode = slice[0].travel == .walking ? .pedestrian : request.options.transportMode
            let isLast = end == segments.count
            let ms = maneuvers.build(
                segments: slice, departure: departure, arrival: arrival, postActions: postActions,
                isFinal: isLast, transition: transition, nextTravel: nextTravel)
            sections.append(
                RouteSection(
                    transportMode: mode, lengthMeters: length, durationSeconds: duration, polyline: polyline,
                    departure: departure, arrival: arrival, maneuvers: ms, passThroughWaypoints: pending,
                    postActions: postActions, notices: notices, transition: transition))
            pending = []
            start = end
            sectionStartOffset = runningOffset
        }

        var cutIndex = 0
        for i in 0...segments.count {
            while cutIndex < cuts.count, cuts[cutIndex].at == i {
                let cut = cuts[cutIndex].cut
                cutIndex += 1
                let here =
                    i > 0
                    ? RoutePoint(point: segments[i - 1].end, levelID: levelIDs[segments[i - 1].endLevelIndex])
                    : RoutePoint(point: segments[0].start, levelID: levelIDs[segments[0].startLevelIndex])
                switch cut {
                case .passThrough(let k):
                    let place = waypointPlace(k, at: here)
                    pending.append(PassThroughWaypoint(waypointIndex: k, offsetMeters: runningOffset - sectionStartOffset, place: place))
                case .stopover(let k):
                    let place = waypointPlace(k, at: here)
                    let post =
                        request.waypoints[k].stopDurationSeconds.map { [PostAction(action: .wait, durationSeconds: Double($0))] } ?? []
                    close(at: i, arrival: place, postActions: post, transition: nil)
                    departure = place
                case .transition(let t):
                    let place = RoutePlace(point: here.point, levelID: here.levelID, featureID: nil, name: nil, matchDistanceMeters: 0)
                    close(at: i, arrival: place, postActions: [], transition: t)
                    departure = place
                case .modeChange:
                    let place = RoutePlace(point: here.point, levelID: here.levelID, featureID: nil, name: nil, matchDistanceMeters: 0)
                    close(
                        at: i, arrival: place, postActions: [], transition: nil, nextTravel: i < segments.count ? segments[i].travel : nil)
                    departure = place
                }
            }
            if i < segments.count { runningOffset += segments[i].lengthMeters }
        }
        let finalPost = request.destinationStopDurationSeconds.map { [PostAction(action: .wait, durationSeconds: Double($0))] } ?? []
        close(at: segments.count, arrival: destination, postActions: finalPost, transition: nil)

        let length = sections.reduce(0) { $0 + $1.lengthMeters }
        let waits = sections.reduce(0) { $0 + $1.postActions.reduce(0) { $0 + $1.durationSeconds } }
        let duration = sections.reduce(0) { $0 + $1.durationSeconds } + waits
        return Route(
            lengthMeters: length, durationSeconds: duration, sections: sections, notices: routeNotices,
            destinationIndex: destinationIndex)
    }

    /// The waypoint's own place description (its id and name when it was given as a feature).
    private func waypointPlace(_ k: Int, at point: RoutePoint) -> RoutePlace {
        var place = RoutePlace(point: point.point, levelID: point.levelID, featureID: nil, name: nil, matchDistanceMeters: 0)
        if case .feature(let id) = request.waypoints[k].place {
            place.featureID = (try? venue.poi(id).id) ?? (try? venue.space(id).id) ?? id
            if let poi = try? venue.poi(id) { place.name = venue.displayName(poi.name, preferred: [request.options.language]) }
        }
        return place
    }
}
