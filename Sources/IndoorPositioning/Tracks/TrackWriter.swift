import Foundation
import IndoorGeometry
import IndoorRecordings

/// A file format for tracks, chosen by the output's extension.
public enum TrackFormat: String, CaseIterable, Sendable {
    /// Comma-separated values, one row per point of every track (RFC 4180 quoting).
    case csv
    /// GeoJSON (RFC 7946): per track, a LineString per level run and a Point per timed position.
    case geojson
    /// GPX 1.1 (Topografix schema): a `trk` per track, a `trkseg` per level run.
    case gpx
    /// KML 2.2 (OGC): a Folder per track with a LineString per level run and timed Placemarks.
    case kml
    /// Canonical recording lines (`indoornav-recording`): the first track's points as ground-truth
    /// lines, which `--manual` reads back as fixes.
    case jsonl

    /// The format of a file name's extension (case-insensitive), or nil for any other.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension.lowercased()
        self.init(rawValue: ext)
    }

    /// The extensions understood, for messages: `.csv, .geojson, .gpx, .kml, .jsonl`.
    public static var extensionList: String { allCases.map { ".\($0.rawValue)" }.joined(separator: ", ") }

    /// Whether the format needs latitude and longitude (a geographic frame).
    public var needsGeographicFrame: Bool { self == .geojson || self == .gpx || self == .kml }
}

/// Writes ``TrackDocument``s as CSV, GeoJSON, GPX 1.1, KML 2.2 or canonical recording lines.
///
/// Local points go to WGS84 through the document's frame (``LocalFrame``). Every format carries the
/// time, position, level, accuracy ellipse (one-sigma semi-axes and the major axis's bearing), heading
/// and the sources of each point where it has a place for them (GPX and KML in extensions / extended
/// data). Times are on the recording's axis; GPX and KML also need absolute ones (``TrackDocument/isoTime(_:)``).
public enum TrackWriter {
    /// The CSV header, in column order.
    public static let csvColumns = [
        "track", "time_s", "time_utc", "x_m", "y_m", "level", "floor_number", "latitude_deg", "longitude_deg",
        "accuracy_semi_major_m", "accuracy_semi_minor_m", "accuracy_orientation_deg", "heading_deg", "sources",
    ]

    /// The document in `format`.
    /// - Throws: ``PositioningError/trackWithoutGeographicFrame(format:)`` for GeoJSON, GPX or KML without a frame.
    public static func render(_ document: TrackDocument, as format: TrackFormat) throws(PositioningError) -> String {
        if format.needsGeographicFrame, document.frame == nil {
            throw .trackWithoutGeographicFrame(format: format.rawValue.uppercased())
        }
        switch format {
        case .csv: return csv(document)
        case .geojson: return geoJSON(document)
        case .gpx: return gpx(document)
        case .kml: return kml(document)
        case .jsonl: return canonicalLines(document)
        }
    }

    /// One row per point of every track, the header first.
    static func csv(_ document: TrackDocument) -> String {
        var out = csvColumns.joined(separator: ",") + "\n"
        for track in document.tracks {
            for p in track.points {
                let geo = document.frame?.geoCoordinate(from: p.point)
                let ellipse = p.accuracyEllipse
                let fields: [String] = [
                    track.name, fixed(p.timeSeconds, 3), document.startEpochSeconds == nil ? "" : document.isoTime(p.timeSeconds),
                    fixed(p.point.x, 3), fixed(p.point.y, 3), p.levelID ?? "", p.floorNumber.map { fixed($0, 0) } ?? "",
                    geo.map { fixed($0.latitudeDegrees, 8) } ?? "", geo.map { fixed($0.longitudeDegrees, 8) } ?? "",
                    ellipse.map { fixed($0.semiMajorMeters, 3) } ?? "", ellipse.map { fixed($0.semiMinorMeters, 3) } ?? "",
                    ellipse.map { fixed($0.orientationDegrees, 1) } ?? "", p.headingRadians.map { fixed(degrees($0), 1) } ?? "",
                    p.sources.joined(separator: ";"),
                ]
                out += fields.map(csvField).joined(separator: ",") + "\n"
            }
        }
        return out
    }

    /// The first track's points as canonical ground-truth lines in the local frame, after a header.
    static func canonicalLines(_ document: TrackDocument) -> String {
        let sink = MemoryByteSink()
        do {
            let writer = try RecordingWriter(
                sink: sink, header: RecordingHeader(source: ["format": "indoornav-track", "track": document.tracks.first?.name ?? ""]))
            for p in document.tracks.first?.points ?? [] {
                let level: LevelReference? = p.levelID.map { .levelId($0) } ?? p.floorNumber.map { .floorNumber($0) }
                try writer.write(
                    SensorSample(
                        timeSeconds: p.timeSeconds, reading: .groundTruth(GroundTruthPosition(location: .local(p.point), level: level))))
            }
            try writer.finish()
        } catch {
            // A memory sink takes every byte; the encoder writes any sample: nothing can fail here.
        }
        return sink.text
    }

    /// `value` with `digits` decimals; non-finite values as an empty field.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : ""
    }

    /// Radians clockwise from north as degrees in [0, 360).
    static func degrees(_ radians: Double) -> Double {
        let d = (radians * 180 / .pi).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    /// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
    public static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
