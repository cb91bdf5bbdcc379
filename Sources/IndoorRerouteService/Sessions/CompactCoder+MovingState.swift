import IndoorGeometry
import IndoorNavigation
import IndoorPositioning
import IndoorRouting

/// The moving state of a session (a ``StoredSession`` without its route, navigation configuration and
/// route options, which ``RedisSessionStore`` writes apart and only when they change), written by hand
/// in the ``CompactCoder`` format: byte for byte what `CompactCoder.encode` writes for the same value
/// with the route left out and the default configuration and route options in their places, so it is
/// read back by `CompactCoder.decode` like any other value. It skips `Codable`'s containers, boxes and
/// dynamic casts, which cost more than the bytes: this is what every location update writes.
///
/// The rare parts (a destination or waypoints still pending, a session paused at a transition, a
/// geographic destination) are written through the generic encoder, in place. The members are written
/// in the order of the types' synthesized `CodingKeys`, optionals left out when `nil` as
/// `encodeIfPresent` does; `CompactMovingStateTests` checks the bytes against the generic encoder for
/// sessions in every state, so a member added to one of these types fails the test until it is
/// written here too.
enum CompactMovingState {
    /// The moving state of `stored`.
    /// - Throws: `EncodingError` from a part written by the generic encoder.
    static func encode(_ stored: StoredSession) throws -> [UInt8] {
        guard let defaults = Self.defaults else { return try CompactCoder.encode(movingPart(of: stored)) }
        let w = Writer()
        w.sink.out.reserveCapacity(1_024)
        w.sink.out += CompactCoder.magic
        try w.write(stored, defaults: defaults)
        if let problem = w.sink.problem {
            throw EncodingError.invalidValue(stored, .init(codingPath: [], debugDescription: "compact encoding: \(problem)"))
        }
        return w.sink.out
    }

    /// `stored` as the generic encoder is given it: without the route, with the default navigation
    /// configuration and route options (replaced by the stored ones on reading).
    static func movingPart(of stored: StoredSession) -> StoredSession {
        var moving = stored
        moving.navigation.route = nil
        moving.navigation.configuration = NavigationConfiguration.standard
        moving.navigation.routeOptions = RouteOptions()
        return moving
    }

    /// The default navigation configuration and route options, encoded once (without the magic bytes).
    private static let defaults: (configuration: [UInt8], routeOptions: [UInt8])? = {
        guard let configuration = try? CompactCoder.encode(NavigationConfiguration.standard),
            let options = try? CompactCoder.encode(RouteOptions())
        else { return nil }
        return (Array(configuration.dropFirst(CompactCoder.magic.count)), Array(options.dropFirst(CompactCoder.magic.count)))
    }()

    /// Writes containers and values into a ``CompactSink`` (whose generic `write` takes the rare parts).
    struct Writer {
        let sink = CompactSink()

        /// A keyed or unkeyed container being written: where its count is, and how many values it holds.
        struct Container {
            let countAt: Int
            var count = 0
        }

        func open(keyed: Bool) -> Container {
            sink.out.append(keyed ? 7 : 8)
            let at = sink.out.count
            sink.out += [0x80, 0x80, 0x80, 0]
            return Container(countAt: at)
        }

        /// Writes the container's count in its four bytes (as `CompactSink` does).
        func close(_ c: Container) {
            for k in 0..<CompactSink.countBytes {
                let group = UInt8(truncatingIfNeeded: c.count >> (7 * k)) & 0x7f
                sink.out[c.countAt + k] = k < CompactSink.countBytes - 1 ? group | 0x80 : group
            }
        }

        func key(_ name: StaticString, in c: inout Container) {
            c.count += 1
            CompactSink.writeVarint(UInt64(name.utf8CodeUnitCount), into: &sink.out)
            name.withUTF8Buffer { sink.out.append(contentsOf: $0) }
        }

        func double(_ name: StaticString, _ value: Double, in c: inout Container) {
            key(name, in: &c)
            CompactSink.writeDouble(value, into: &sink.out)
        }

        func double(_ name: StaticString, _ value: Double?, in c: inout Container) {
            if let value { double(name, value, in: &c) }
        }

        func int(_ name: StaticString, _ value: Int, in c: inout Container) {
            key(name, in: &c)
            CompactSink.writeInt(Int64(value), into: &sink.out)
        }

        func bool(_ name: StaticString, _ value: Bool, in c: inout Container) {
            key(name, in: &c)
            sink.out.append(value ? 2 : 1)
        }

        func string(_ name: StaticString, _ value: String, in c: inout Container) {
            key(name, in: &c)
            sink.out.append(6)
            CompactSink.writeString(value, into: &sink.out)
        }

        func string(_ name: StaticString, _ value: String?, in c: inout Container) {
            if let value { string(name, value, in: &c) }
        }

        /// A member written by the generic encoder.
        func generic<T: Encodable>(_ name: StaticString, _ value: T, in c: inout Container) throws {
            key(name, in: &c)
            try sink.write(value)
        }

        // MARK: Values

        func write(_ s: StoredSession, defaults: (configuration: [UInt8], routeOptions: [UInt8])) throws {
            var c = open(keyed: true)
            int("formatVersion", s.formatVersion, in: &c)
            string("id", s.id, in: &c)
            string("venueID", s.venueID, in: &c)
            string("owner", s.owner, in: &c)
            double("idleSeconds", s.idleSeconds, in: &c)
            if let pending = s.pendingDestination { try generic("pendingDestination", pending, in: &c) }
            if s.pendingWaypoints.isEmpty {
                key("pendingWaypoints", in: &c)
                close(open(keyed: false))
            } else {
                try generic("pendingWaypoints", s.pendingWaypoints, in: &c)
            }
            double("lastFixSeconds", s.lastFixSeconds, in: &c)
            key("navigation", in: &c)
            try write(s.navigation, defaults: defaults)
            close(c)
        }

        func write(_ n: NavigationSession.Snapshot, defaults: (configuration: [UInt8], routeOptions: [UInt8])) throws {
            var c = open(keyed: true)
            int("formatVersion", n.formatVersion, in: &c)
            string("venueID", n.venueID, in: &c)
            string("venueVersion", n.venueVersion, in: &c)
            key("configuration", in: &c)
            sink.out += defaults.configuration
            key("routeOptions", in: &c)
            sink.out += defaults.routeOptions
            key("state", in: &c)
            try write(n.state)
            // The route is written apart (``RedisSessionStore``): left out here.
            bool("hasProgress", n.hasProgress, in: &c)
            if let l = n.lastLocation { key("lastLocation", in: &c); write(l) }
            if let l = n.lastRawLocation { key("lastRawLocation", in: &c); write(l) }
            key("reroutePolicy", in: &c)
            write(n.reroutePolicy)
            key("offRoute", in: &c)
            write(n.offRoute)
            key("arrival", in: &c)
            write(n.arrival)
            if let place = n.destinationPlace { key("destinationPlace", in: &c); try write(place) }
            string("destinationID", n.destinationID, in: &c)
            string("destinationName", n.destinationName, in: &c)
            double("offsetMeters", n.offsetMeters, in: &c)
            int("sectionIndex", n.sectionIndex, in: &c)
            int("maneuverIndex", n.maneuverIndex, in: &c)
            double("lastSnapTimeSeconds", n.lastSnapTimeSeconds, in: &c)
            if let snap = n.currentSnap { key("currentSnap", in: &c); write(snap) }
            double("routeDistanceMeters", n.routeDistanceMeters, in: &c)
            string("currentLevelID", n.currentLevelID, in: &c)
            key("arrivingNoticesSent", in: &c)
            var notices = open(keyed: false)
            for offset in n.arrivingNoticesSent {
                notices.count += 1
                CompactSink.writeInt(Int64(offset), into: &sink.out)
            }
            close(notices)
            key("recentFixes", in: &c)
            var fixes = open(keyed: false)
            for fix in n.recentFixes {
                fixes.count += 1
                write(fix)
            }
            close(fixes)
            close(c)
        }

        /// A case without associated values: `{name: {}}`, as synthesized.
        func emptyCase(_ name: StaticString) {
            var c = open(keyed: true)
            key(name, in: &c)
            close(open(keyed: true))
            close(c)
        }

        func write(_ state: NavigationState) throws {
            switch state {
            case .idle: emptyCase("idle")
            case .navigating: emptyCase("navigating")
            case .arrived: emptyCase("arrived")
            case .waitingAtStopover(let sectionIndex, let untilSeconds):
                var c = open(keyed: true)
                key("waitingAtStopover", in: &c)
                var payload = open(keyed: true)
                int("sectionIndex", sectionIndex, in: &payload)
                double("untilSeconds", untilSeconds, in: &payload)
                close(payload)
                close(c)
            case .awaitingTransition: try sink.write(state)
            }
        }

        func write(_ place: Place) throws {
            switch place {
            case .feature(let id):
                var c = open(keyed: true)
                key("feature", in: &c)
                var payload = open(keyed: true)
                string("id", id, in: &payload)
                close(payload)
                close(c)
            case .local(let point, let level):
                var c = open(keyed: true)
                key("local", in: &c)
                var payload = open(keyed: true)
                key("_0", in: &payload)
                write(point)
                string("level", level, in: &payload)
                close(payload)
                close(c)
            case .geographic: try sink.write(place)
            }
        }

        func write(_ p: LocalPoint) {
            var c = open(keyed: true)
            double("x", p.x, in: &c)
            double("y", p.y, in: &c)
            close(c)
        }

        func write(_ l: IndoorLocation) {
            var c = open(keyed: true)
            key("point", in: &c)
            write(l.point)
            if let g = l.coordinate {
                key("coordinate", in: &c)
                var coordinate = open(keyed: true)
                double("latitudeDegrees", g.latitudeDegrees, in: &coordinate)
                double("longitudeDegrees", g.longitudeDegrees, in: &coordinate)
                close(coordinate)
            }
            string("levelID", l.levelID, in: &c)
            double("floorNumber", l.floorNumber, in: &c)
            double("levelProbability", l.levelProbability, in: &c)
            key("covariance", in: &c)
            var covariance = open(keyed: true)
            double("xx", l.covariance.xx, in: &covariance)
            double("xy", l.covariance.xy, in: &covariance)
            double("yy", l.covariance.yy, in: &covariance)
            close(covariance)
            double("headingRadians", l.headingRadians, in: &c)
            double("headingAccuracyRadians", l.headingAccuracyRadians, in: &c)
            double("timeSeconds", l.timeSeconds, in: &c)
            string("source", l.source, in: &c)
            close(c)
        }

        func write(_ s: ReroutePolicy.State) {
            var c = open(keyed: true)
            int("consecutiveReroutes", s.consecutiveReroutes, in: &c)
            int("failedAttempts", s.failedAttempts, in: &c)
            bool("hasGivenUp", s.hasGivenUp, in: &c)
            double("lastAttemptTimeSeconds", s.lastAttemptTimeSeconds, in: &c)
            double("lastRerouteTimeSeconds", s.lastRerouteTimeSeconds, in: &c)
            if let p = s.lastReroutePoint { key("lastReroutePoint", in: &c); write(p) }
            double("onRouteSinceSeconds", s.onRouteSinceSeconds, in: &c)
            close(c)
        }

        func write(_ s: OffRouteDetector.State) {
            var c = open(keyed: true)
            bool("isOffRoute", s.isOffRoute, in: &c)
            int("outsideCount", s.outsideCount, in: &c)
            double("firstOutsideTimeSeconds", s.firstOutsideTimeSeconds, in: &c)
            int("insideCount", s.insideCount, in: &c)
            close(c)
        }

        func write(_ s: ArrivalDetector.State) {
            var c = open(keyed: true)
            bool("hasArrived", s.hasArrived, in: &c)
            key("samples", in: &c)
            var samples = open(keyed: false)
            for sample in s.samples {
                samples.count += 1
                var e = open(keyed: true)
                double("timeSeconds", sample.timeSeconds, in: &e)
                double("distanceMeters", sample.distanceMeters, in: &e)
                double("accuracyMeters", sample.accuracyMeters, in: &e)
                if let p = sample.point { key("point", in: &e); write(p) }
                close(e)
            }
            close(samples)
            int("streak", s.streak, in: &c)
            close(c)
        }

        func write(_ s: RouteSnap) {
            var c = open(keyed: true)
            key("point", in: &c)
            write(s.point)
            string("levelID", s.levelID, in: &c)
            double("offsetMeters", s.offsetMeters, in: &c)
            double("distanceMeters", s.distanceMeters, in: &c)
            int("segmentIndex", s.segmentIndex, in: &c)
            double("bearingRadians", s.bearingRadians, in: &c)
            bool("isNearPreviousProgress", s.isNearPreviousProgress, in: &c)
            close(c)
        }
    }
}
