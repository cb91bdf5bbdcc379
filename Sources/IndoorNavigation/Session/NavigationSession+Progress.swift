import IndoorGeometry
import IndoorPositioning
import IndoorRouting

extension NavigationSession {
    /// Recomputes ``progress`` from the tracking state and the latest locations.
    func updateProgress(fused: IndoorLocation, raw: IndoorLocation?) {
        guard let tracked = trackedRoute, let route, !route.sections.isEmpty else { progress = nil; return }
        let k = min(sectionIndex, route.sections.count - 1)
        let section = route.sections[k]
        let span = tracked.sections[k]
        let total = tracked.lengthMeters
        let traveled = min(max(0, offsetMeters), total)
        let offsets = span.maneuverOffsetsMeters
        let m = min(maneuverIndex, max(0, section.maneuvers.count - 1))
        let current = section.maneuvers.isEmpty ? nil : section.maneuvers[m]
        let upcoming = m + 1 < section.maneuvers.count ? section.maneuvers[m + 1] : nil
        let nextOffset = m + 1 < offsets.count ? offsets[m + 1] : span.endOffsetMeters
        var snapped: IndoorLocation?
        if let snap = currentSnap {
            var s = fused
            s.point = snap.point
            s.coordinate = venue.frame.geoCoordinate(from: snap.point)
            s.levelID = snap.levelID
            s.source = "snapped"
            snapped = s
        }
        progress = RouteProgress(
            sectionIndex: k, maneuverIndex: m, distanceTraveledMeters: traveled,
            distanceRemainingMeters: state == .arrived ? 0 : total - traveled,
            durationRemainingSeconds: state == .arrived ? 0 : tracked.durationRemainingSeconds(from: traveled),
            fractionTraveled: state == .arrived ? 1 : (total > 1e-9 ? traveled / total : 1),
            sectionDistanceTraveledMeters: max(0, traveled - span.startOffsetMeters),
            sectionDistanceRemainingMeters: max(0, span.endOffsetMeters - traveled),
            currentManeuver: current, upcomingManeuver: upcoming,
            distanceToNextManeuverMeters: max(0, nextOffset - traveled),
            destinationID: destinationID, destinationName: destinationName,
            currentAction: currentAction(tracked: tracked, traveled: traveled),
            rawLocation: raw ?? lastRawLocation, fusedLocation: fused, snappedLocation: snapped,
            distanceFromRouteMeters: currentSnap?.distanceMeters ?? routeDistanceMeters)
    }

    private func currentAction(tracked: TrackedRoute, traveled: Double) -> NavigationAction {
        switch state {
        case .arrived: return .arrived
        case .awaitingTransition(let t): return .crossTransition(t)
        case .waitingAtStopover(_, let until): return .wait(untilSeconds: until)
        case .idle, .navigating: break
        }
        if offRoute.isOffRoute { return .offRoute }
        if let change = tracked.nextLevelChange(after: traveled), change.startOffsetMeters - traveled <= configuration.arrivingNoticeMeters
        {
            return .changeLevel(toLevelID: change.toLevelID)
        }
        return .proceed
    }
}
