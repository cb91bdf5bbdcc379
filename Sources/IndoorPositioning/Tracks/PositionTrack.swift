import Foundation
import IndoorGeometry

/// One track of a replay, ready to be written out (``TrackWriter``): the fused estimate, the open-loop
/// dead reckoning, the location snapped to a route, or the ground truth.
///
/// Points are in the venue's local frame (metres east/north); the writers add latitude and longitude
/// through the document's ``LocalFrame``.
public struct PositionTrack: Hashable, Sendable {
    /// One position of a track.
    public struct Point: Hashable, Sendable {
        /// Seconds on the recording's time axis.
        public var timeSeconds: Double
        /// Local frame, metres.
        public var point: LocalPoint
        /// The level id, when known.
        public var levelID: String?
        /// The floor number as shown to users, when known.
        public var floorNumber: Double?
        /// The position covariance (m², east/north), when the track reports one.
        public var covariance: Covariance2D?
        /// Heading, radians clockwise from north, when known.
        public var headingRadians: Double?
        /// The sources that moved the estimate to this point (`pdr`, `beacon`, `barometer`, …).
        public var sources: [String]

        /// A point with every field given.
        public init(
            timeSeconds: Double, point: LocalPoint, levelID: String? = nil, floorNumber: Double? = nil,
            covariance: Covariance2D? = nil, headingRadians: Double? = nil, sources: [String] = []
        ) {
            self.timeSeconds = timeSeconds
            self.point = point
            self.levelID = levelID
            self.floorNumber = floorNumber
            self.covariance = covariance
            self.headingRadians = headingRadians
            self.sources = sources
        }

        /// The point of a location (its time unless `timeSeconds` is given), with the sources behind it.
        public init(location: IndoorLocation, timeSeconds: Double? = nil, sources: [String]) {
            self.init(
                timeSeconds: timeSeconds ?? location.timeSeconds, point: location.point, levelID: location.levelID,
                floorNumber: location.floorNumber, covariance: location.covariance, headingRadians: location.headingRadians,
                sources: sources)
        }

        /// The one-sigma accuracy ellipse of ``covariance``: semi-axes in metres (major ≥ minor) and the
        /// major axis's bearing in degrees clockwise from north, in [0, 180); nil without a covariance.
        ///
        /// The semi-axes are the square roots of the covariance's eigenvalues λ = (xx + yy)/2 ± √(((xx − yy)/2)² + xy²);
        /// the major axis lies at θ = ½·atan2(2·xy, xx − yy) counter-clockwise from east.
        public var accuracyEllipse: (semiMajorMeters: Double, semiMinorMeters: Double, orientationDegrees: Double)? {
            guard let c = covariance, c.isValid else { return nil }
            let mean = (c.xx + c.yy) / 2
            let d = ((c.xx - c.yy) * (c.xx - c.yy) / 4 + c.xy * c.xy).squareRoot()
            let theta = 0.5 * atan2(2 * c.xy, c.xx - c.yy) * 180 / .pi
            var bearing = (90 - theta).truncatingRemainder(dividingBy: 180)
            if bearing < 0 { bearing += 180 }
            return (max(0, mean + d).squareRoot(), max(0, mean - d).squareRoot(), bearing)
        }
    }

    /// The track's name as written (`fused`, `deadReckoning`, `snapped`, `truth`).
    public var name: String
    /// The points in time order.
    public var points: [Point]

    /// A named track.
    public init(name: String, points: [Point]) { self.name = name; self.points = points }

    /// The points split where the level changes: each run's level id and its points, in order.
    public var levelRuns: [(levelID: String?, points: [Point])] {
        var runs: [(levelID: String?, points: [Point])] = []
        for point in points {
            if let last = runs.last, last.levelID == point.levelID {
                runs[runs.count - 1].points.append(point)
            } else {
                runs.append((point.levelID, [point]))
            }
        }
        return runs
    }
}

/// What a track file holds: the tracks of one recording and how to put them on the globe and the clock.
public struct TrackDocument: Sendable {
    /// The document's title (the recording's file name).
    public var name: String
    /// The tracks, the fused one first.
    public var tracks: [PositionTrack]
    /// The frame that puts local points on WGS84; GeoJSON, GPX and KML need one.
    public var frame: LocalFrame?
    /// The Unix time (seconds) of the recording's time zero, when the recording knows it; otherwise
    /// absolute times are written as seconds after 1970-01-01T00:00:00Z.
    public var startEpochSeconds: Double?

    /// A document.
    public init(name: String, tracks: [PositionTrack], frame: LocalFrame?, startEpochSeconds: Double? = nil) {
        self.name = name
        self.tracks = tracks
        self.frame = frame
        self.startEpochSeconds = startEpochSeconds
    }

    /// `time` on the recording's axis as an ISO 8601 UTC date-time with milliseconds
    /// (`2019-11-19T05:26:40.123Z`).
    public func isoTime(_ timeSeconds: Double) -> String {
        let absolute = (startEpochSeconds ?? 0) + timeSeconds
        // Recording times are checked to lie within ±317 years of zero; anything else is written as zero.
        let millis = absolute.isFinite && abs(absolute) < 1e11 ? Int64((absolute * 1000).rounded()) : 0
        let totalSeconds = millis >= 0 ? millis / 1000 : -((-millis + 999) / 1000)
        let fraction = millis - totalSeconds * 1000
        var days = totalSeconds >= 0 ? totalSeconds / 86_400 : -((-totalSeconds + 86_399) / 86_400)
        let secondsOfDay = totalSeconds - days * 86_400
        // Civil date from days since 1970-01-01 (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms").
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(
            format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldZ", year, month, day, secondsOfDay / 3600,
            (secondsOfDay % 3600) / 60, secondsOfDay % 60, fraction)
    }
}
