import IndoorGeometry
import IndoorJSON
import IndoorNavigation
import IndoorPositioning
import IndoorVenue

/// Reads posted locations: `{x, y | latitude, longitude, level?, accuracyMeters, timeSeconds,
/// headingDegrees?, headingAccuracyDegrees?, levelProbability?, source?, raw?}`.
enum LocationDecoding {
    static let keys: Set<String> = [
        "x", "y", "latitude", "longitude", "level", "accuracyMeters", "timeSeconds", "headingDegrees",
        "headingAccuracyDegrees", "levelProbability", "source",
    ]
    /// Largest accepted accuracy, in metres.
    static let maximumAccuracyMeters = 10_000.0

    /// One fix (with its optional `raw` location).
    static func fix(_ value: JSONValue, field: String, venue: Venue) throws(ServiceError) -> PostedFix {
        let f = try JSONFields(value, path: field)
        try f.rejectUnknown(keys.union(["raw"]))
        let location = try location(f, venue: venue)
        var raw: IndoorLocation?
        if let r = f.value("raw") {
            let rf = try JSONFields(r, path: f.field("raw"))
            try rf.rejectUnknown(keys)
            raw = try self.location(rf, venue: venue)
        }
        return PostedFix(location: location, raw: raw)
    }

    /// The fixes of a `POST /sessions/{id}/locations` body: one location object, an array, or
    /// `{"locations": [...]}`; at most `maximum`, in time order.
    static func batch(_ body: JSONValue, venue: Venue, maximum: Int) throws(ServiceError) -> [PostedFix] {
        let items: [JSONValue]
        let prefix: String
        if let list = body.array {
            items = list; prefix = ""
        } else if let object = body.object, let wrapped = object["locations"] {
            guard object.count == 1 else {
                throw .badRequest(
                    field: object.keys.sorted().first { $0 != "locations" } ?? "body", reason: "unknown field next to 'locations'")
            }
            guard let list = wrapped.array else {
                throw .badRequest(field: "locations", reason: "expected an array, got \(wrapped.typeName)")
            }
            items = list; prefix = "locations"
        } else {
            return [try fix(body, field: "", venue: venue)]
        }
        guard !items.isEmpty else {
            throw .unprocessable(field: prefix.isEmpty ? "body" : prefix, reason: "at least one location is required")
        }
        guard items.count <= maximum else {
            throw .unprocessable(
                field: prefix.isEmpty ? "body" : prefix, reason: "at most \(maximum) locations per request, got \(items.count)")
        }
        var fixes: [PostedFix] = []
        fixes.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let fix = try fix(item, field: "\(prefix)[\(i)]", venue: venue)
            if let previous = fixes.last, fix.location.timeSeconds < previous.location.timeSeconds {
                throw .unprocessable(
                    field: "\(prefix)[\(i)].timeSeconds",
                    reason: "locations must be in time order (\(fix.location.timeSeconds) < \(previous.location.timeSeconds))")
            }
            fixes.append(fix)
        }
        return fixes
    }

    /// The id of the level a request names (id, ordinal, floor number or name, as the CLI reads it); an
    /// ambiguous reference is refused with its candidates, as the CLI refuses it.
    static func levelID(_ reference: String, field: String, venue: Venue) throws(ServiceError) -> String {
        do {
            return try venue.level(reference).id
        } catch .ambiguous(let kind, let reference, let candidates) {
            throw .unprocessable(
                field: field, reason: VenueError.ambiguous(kind: kind, reference: reference, candidates: candidates).description)
        } catch {
            throw .unprocessable(field: field, reason: "no level \(ServiceError.quoted(reference)) in venue '\(venue.id)'")
        }
    }

    private static func location(_ f: JSONFields, venue: Venue) throws(ServiceError) -> IndoorLocation {
        let point: LocalPoint
        var coordinate: GeoCoordinate?
        if f.has("latitude") || f.has("longitude") {
            guard !f.has("x"), !f.has("y") else {
                throw .badRequest(field: f.field("x"), reason: "give either x/y or latitude/longitude, not both")
            }
            let g = GeoCoordinate(latitudeDegrees: try f.requiredDouble("latitude"), longitudeDegrees: try f.requiredDouble("longitude"))
            guard g.isValid else {
                throw .unprocessable(field: f.field("latitude"), reason: "latitude must be −90…90 and longitude −180…180")
            }
            coordinate = g
            point = venue.frame.localPoint(from: g)
        } else {
            point = LocalPoint(x: try f.requiredDouble("x"), y: try f.requiredDouble("y"))
        }
        var levelID: String?
        if let reference = try f.string("level") {
            levelID = try Self.levelID(reference, field: f.field("level"), venue: venue)
        }
        let accuracy = try f.requiredDouble("accuracyMeters")
        guard accuracy > 0, accuracy <= maximumAccuracyMeters else {
            throw .unprocessable(
                field: f.field("accuracyMeters"), reason: "must be > 0 and ≤ \(Int(maximumAccuracyMeters)) m, got \(accuracy)")
        }
        let time = try f.requiredDouble("timeSeconds")
        guard abs(time) <= 1e12 else { throw .unprocessable(field: f.field("timeSeconds"), reason: "must be within ±1e12 s") }
        let levelProbability = try f.double("levelProbability") ?? 1
        guard (0...1).contains(levelProbability) else {
            throw .unprocessable(field: f.field("levelProbability"), reason: "must be 0–1, got \(levelProbability)")
        }
        let heading = try f.double("headingDegrees")
        let headingAccuracy = try f.double("headingAccuracyDegrees")
        if let h = headingAccuracy, !(h >= 0 && h <= 360) {
            throw .unprocessable(field: f.field("headingAccuracyDegrees"), reason: "must be 0–360, got \(h)")
        }
        guard abs(point.x) <= 1e7, abs(point.y) <= 1e7 else {
            throw .unprocessable(field: f.field("x"), reason: "position more than 10,000 km from the venue")
        }
        let source = try f.string("source") ?? "client"
        return IndoorLocation(
            point: point, coordinate: coordinate, levelID: levelID,
            levelProbability: levelProbability, covariance: .isotropic(sigmaMeters: accuracy),
            headingRadians: heading.map { $0 * .pi / 180 }, headingAccuracyRadians: headingAccuracy.map { $0 * .pi / 180 },
            timeSeconds: time, source: source)
    }
}
