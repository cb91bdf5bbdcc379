import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// A route flattened for tracking: every section's polyline in one list of segments with cumulative
/// offsets in metres along the route, the level of each walkable segment, and where maneuvers,
/// section ends and transition points lie on that scale.
///
/// Offsets are geometric metres: horizontal length for segments on one level, and for level-changing
/// (connector) segments the 3-D length from the horizontal run and the levels' elevation difference.
/// Routing's section lengths use edge lengths instead; durations are scaled from them.
package struct TrackedRoute: Sendable {
    /// One straight piece of the route.
    package struct Segment: Hashable, Sendable {
        /// Where the piece starts, venue frame, metres.
        package var start: LocalPoint
        /// Where it ends.
        package var end: LocalPoint
        /// The level of a walkable segment; `nil` for a level-changing (connector) segment.
        package var levelID: String?
        /// Level at the segment's start and end.
        package var startLevelID: String
        /// The level at the segment's end (differs from `startLevelID` on connector segments).
        package var endLevelID: String
        /// Offset of `start` along the route, in metres.
        package var startOffsetMeters: Double
        /// Geometric length in metres (3-D for connector segments).
        package var lengthMeters: Double
        /// Index into the route's sections.
        package var sectionIndex: Int
        /// Offset of `end` along the route, in metres.
        package var endOffsetMeters: Double { startOffsetMeters + lengthMeters }
    }

    /// Where a section lies on the route.
    package struct SectionSpan: Hashable, Sendable {
        /// Offset of the section's first point along the route, in metres.
        package var startOffsetMeters: Double
        /// Offset of its last point, in metres.
        package var endOffsetMeters: Double
        /// Offsets of the section's maneuvers, in order.
        package var maneuverOffsetsMeters: [Double]
        /// For a section ending at an authored transition: the offset where the user must cross
        /// (the start of the level change that closes the section).
        package var transitionOffsetMeters: Double?
        /// Seconds per metre of this section (routing duration over geometric length).
        package var secondsPerMeter: Double
        /// Waiting time at the section's end (WAIT post-actions), in seconds.
        package var waitSeconds: Double
    }

    /// The route as planned.
    package let route: Route
    /// Every straight piece of every section, in order.
    package let segments: [Segment]
    /// One span per route section, in order.
    package let sections: [SectionSpan]
    /// Geometric length of the whole route in metres (0 for a route without segments).
    package var lengthMeters: Double { segments.last?.endOffsetMeters ?? 0 }

    /// Flattens `route`; `venue` gives level elevations for connector lengths.
    package init(route: Route, venue: Venue) {
        self.route = route
        var segments: [Segment] = []
        var spans: [SectionSpan] = []
        var offset = 0.0
        func elevation(_ levelID: String) -> Double { (try? venue.level(levelID).elevationMeters) ?? 0 }
        for (k, section) in route.sections.enumerated() {
            let start = offset
            var vertexOffsets: [Double] = [offset]
            for (a, b) in zip(section.polyline, section.polyline.dropFirst()) {
                let horizontal = a.point.distance(to: b.point)
                let sameLevel = a.levelID == b.levelID
                let dz = sameLevel ? 0 : elevation(b.levelID) - elevation(a.levelID)
                let length = (horizontal * horizontal + dz * dz).squareRoot()
                segments.append(
                    Segment(
                        start: a.point, end: b.point, levelID: sameLevel ? a.levelID : nil,
                        startLevelID: a.levelID, endLevelID: b.levelID, startOffsetMeters: offset,
                        lengthMeters: length, sectionIndex: k))
                offset += length
                vertexOffsets.append(offset)
            }
            let geometric = offset - start
            let maneuverOffsets = TrackedRoute.maneuverOffsets(
                section: section, vertexOffsets: vertexOffsets,
                sectionStart: start, geometricLength: geometric)
            var transitionOffset: Double?
            if section.transition != nil {
                // The last run of level-changing segments closes the section; the user crosses at its start.
                var i = section.polyline.count - 1
                while i > 0, section.polyline[i - 1].levelID != section.polyline[i].levelID { i -= 1 }
                if i < section.polyline.count - 1 { transitionOffset = vertexOffsets[i] }
            }
            let waits = section.postActions.filter { $0.action == .wait }.reduce(0) { $0 + $1.durationSeconds }
            let perMeter = geometric > 1e-9 ? section.durationSeconds / geometric : 0
            spans.append(
                SectionSpan(
                    startOffsetMeters: start, endOffsetMeters: offset, maneuverOffsetsMeters: maneuverOffsets,
                    transitionOffsetMeters: transitionOffset, secondsPerMeter: perMeter, waitSeconds: waits))
        }
        self.segments = segments
        self.sections = spans
    }

    /// Places each maneuver on the polyline vertex at its position, choosing among vertices at the same
    /// point the one whose share of the section length is closest to the maneuver's share.
    private static func maneuverOffsets(
        section: RouteSection, vertexOffsets: [Double], sectionStart: Double,
        geometricLength: Double
    ) -> [Double] {
        var out: [Double] = []
        var earliest = 0
        for m in section.maneuvers {
            let share = section.lengthMeters > 1e-9 ? m.offsetMeters / section.lengthMeters : 0
            var best: (index: Int, score: Double)?
            for (i, p) in section.polyline.enumerated()
            where i >= earliest && p.levelID == m.levelID
                && p.point.distance(to: m.position) < 1e-6
            {
                let vertexShare = geometricLength > 1e-9 ? (vertexOffsets[i] - sectionStart) / geometricLength : 0
                let score = abs(vertexShare - share)
                if score < (best?.score ?? .infinity) { best = (i, score) }
            }
            if let best {
                earliest = best.index
                out.append(vertexOffsets[best.index])
            } else {
                out.append(sectionStart + share * geometricLength)
            }
        }
        return out
    }

    /// The section holding `offsetMeters` (the later one at a shared end).
    package func sectionIndex(atOffset offsetMeters: Double) -> Int {
        for (k, s) in sections.enumerated() where offsetMeters < s.endOffsetMeters { return k }
        return max(0, sections.count - 1)
    }

    /// The point and level at an offset along the route (clamped to its ends).
    package func location(atOffset offsetMeters: Double) -> (point: LocalPoint, levelID: String)? {
        guard let first = segments.first else {
            guard let p = route.sections.first?.polyline.first else { return nil }
            return (p.point, p.levelID)
        }
        if offsetMeters <= 0 { return (first.start, first.startLevelID) }
        for s in segments where offsetMeters <= s.endOffsetMeters {
            let t = s.lengthMeters > 1e-9 ? (offsetMeters - s.startOffsetMeters) / s.lengthMeters : 1
            let point = s.start + (s.end - s.start) * t
            let level = s.levelID ?? (t < 0.5 ? s.startLevelID : s.endLevelID)
            return (point, level)
        }
        let last = segments[segments.count - 1]
        return (last.end, last.endLevelID)
    }

    /// The level the route is on at an offset (a connector segment counts as its end level past half way).
    package func levelID(atOffset offsetMeters: Double) -> String? { location(atOffset: offsetMeters)?.levelID }

    /// The first level change at or after `offsetMeters`: where it starts and the level it leads to.
    package func nextLevelChange(after offsetMeters: Double) -> (startOffsetMeters: Double, toLevelID: String)? {
        nextLevelChangeRun(after: offsetMeters).map { ($0.startOffsetMeters, $0.toLevelID) }
    }

    /// Distance along the route from `offsetMeters` to the nearest connector run (a level change): 0
    /// inside one, infinity when the route has none.
    package func distanceToLevelChangeMeters(from offsetMeters: Double) -> Double {
        var best = Double.infinity
        for s in segments where s.levelID == nil {
            if offsetMeters < s.startOffsetMeters {
                best = min(best, s.startOffsetMeters - offsetMeters)
            } else if offsetMeters > s.endOffsetMeters {
                best = min(best, offsetMeters - s.endOffsetMeters)
            } else {
                return 0
            }
        }
        return best
    }

    /// The next connector run after `offsetMeters`: where it starts, the level it ends on, and the
    /// levels it passes on the way (a staircase climbing two floors passes the one between).
    package func nextLevelChangeRun(
        after offsetMeters: Double
    )
        -> (startOffsetMeters: Double, toLevelID: String, passedLevelIDs: [String])?
    {
        var i = 0
        while i < segments.count {
            let s = segments[i]
            if s.levelID == nil && s.endOffsetMeters > offsetMeters {
                var j = i
                var passed: [String] = []
                while j + 1 < segments.count, segments[j + 1].levelID == nil {
                    passed.append(segments[j].endLevelID)
                    j += 1
                }
                return (s.startOffsetMeters, segments[j].endLevelID, passed)
            }
            i += 1
        }
        return nil
    }

    /// Seconds of travel and waiting from `offsetMeters` to the end of the route.
    package func durationRemainingSeconds(from offsetMeters: Double) -> Double {
        var total = 0.0
        for s in sections where s.endOffsetMeters > offsetMeters || s.endOffsetMeters == lengthMeters {
            let covered = max(0, min(s.endOffsetMeters, max(offsetMeters, s.startOffsetMeters)) - s.startOffsetMeters)
            total += (s.endOffsetMeters - s.startOffsetMeters - covered) * s.secondsPerMeter + s.waitSeconds
        }
        return total
    }
}
