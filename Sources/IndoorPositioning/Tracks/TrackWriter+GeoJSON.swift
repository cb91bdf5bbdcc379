import IndoorGeometry
import IndoorJSON

extension TrackWriter {
    /// A GeoJSON FeatureCollection (RFC 7946): per track, one LineString feature per level run of two
    /// points or more, then one Point feature per position with its time and figures as properties.
    /// Positions are [longitude, latitude] in WGS84, rounded to 1e-8° (about 1 mm).
    static func geoJSON(_ document: TrackDocument) -> String {
        guard let frame = document.frame else { return "" }
        func position(_ p: LocalPoint) -> JSONValue {
            let c = frame.geoCoordinate(from: p)
            return [.finite(rounded(c.longitudeDegrees)), .finite(rounded(c.latitudeDegrees))]
        }
        var features: [JSONValue] = []
        for track in document.tracks {
            for run in track.levelRuns where run.points.count >= 2 {
                features.append([
                    "type": "Feature",
                    "geometry": ["type": "LineString", "coordinates": .array(run.points.map { position($0.point) })],
                    "properties": [
                        "track": .string(track.name), "level": .optional(run.levelID),
                        "startTimeSeconds": .finite(run.points[0].timeSeconds),
                        "endTimeSeconds": .finite(run.points[run.points.count - 1].timeSeconds),
                    ],
                ])
            }
            for p in track.points {
                var properties: [String: JSONValue] = [
                    "track": .string(track.name), "timeSeconds": .finite(p.timeSeconds), "time": .string(document.isoTime(p.timeSeconds)),
                    "level": .optional(p.levelID), "floorNumber": p.floorNumber.map(JSONValue.finite) ?? .null,
                    "x": .finite(p.point.x), "y": .finite(p.point.y),
                    "headingDegrees": p.headingRadians.map { .finite(degrees($0)) } ?? .null,
                    "sources": .array(p.sources.map(JSONValue.string)),
                ]
                if let e = p.accuracyEllipse {
                    properties["accuracySemiMajorMeters"] = .finite(e.semiMajorMeters)
                    properties["accuracySemiMinorMeters"] = .finite(e.semiMinorMeters)
                    properties["accuracyOrientationDegrees"] = .finite(e.orientationDegrees)
                }
                features.append([
                    "type": "Feature", "geometry": ["type": "Point", "coordinates": position(p.point)],
                    "properties": .object(properties),
                ])
            }
        }
        let collection: JSONValue = ["type": "FeatureCollection", "name": .string(document.name), "features": .array(features)]
        return collection.serialized() + "\n"
    }

    /// Degrees rounded to 1e-8.
    static func rounded(_ degrees: Double) -> Double { (degrees * 1e8).rounded() / 1e8 }
}
