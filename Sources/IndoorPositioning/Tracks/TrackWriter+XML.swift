import IndoorGeometry
import IndoorJSON

extension TrackWriter {
    /// The namespace of the figures GPX and KML have no element for (level, accuracy, heading, sources).
    public static let extensionNamespace = "urn:indoornav:track:1"

    /// GPX 1.1: a `trk` per track (its name and `type`), a `trkseg` per level run, each `trkpt` with its
    /// time and, in `extensions`, the level, floor number, accuracy ellipse, heading and sources.
    static func gpx(_ document: TrackDocument) -> String {
        guard let frame = document.frame else { return "" }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="indoornav" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:indoornav="\(extensionNamespace)" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
              <metadata><name>\(escaped(document.name))</name></metadata>

            """
        for track in document.tracks where !track.points.isEmpty {
            out += "  <trk>\n    <name>\(escaped(track.name))</name>\n    <type>\(escaped(track.name))</type>\n"
            for run in track.levelRuns {
                out += "    <trkseg>\n"
                for p in run.points {
                    let c = frame.geoCoordinate(from: p.point)
                    out += "      <trkpt lat=\"\(fixed(c.latitudeDegrees, 8))\" lon=\"\(fixed(c.longitudeDegrees, 8))\">"
                    out += "<time>\(document.isoTime(p.timeSeconds))</time><extensions>"
                    for (name, value) in figures(p) { out += "<indoornav:\(name)>\(escaped(value))</indoornav:\(name)>" }
                    out += "</extensions></trkpt>\n"
                }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        return out + "</gpx>\n"
    }

    /// KML 2.2: a Folder per track holding a LineString Placemark per level run of two points or more and
    /// a Point Placemark per position with its TimeStamp and the figures as ExtendedData.
    static func kml(_ document: TrackDocument) -> String {
        guard let frame = document.frame else { return "" }
        func coordinates(_ p: LocalPoint) -> String {
            let c = frame.geoCoordinate(from: p)
            return "\(fixed(c.longitudeDegrees, 8)),\(fixed(c.latitudeDegrees, 8))"
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2">
              <Document>
                <name>\(escaped(document.name))</name>

            """
        for track in document.tracks where !track.points.isEmpty {
            out += "    <Folder>\n      <name>\(escaped(track.name))</name>\n"
            for run in track.levelRuns where run.points.count >= 2 {
                out += "      <Placemark><name>\(escaped(track.name))\(run.levelID.map { " on " + escaped($0) } ?? "")</name>"
                out += "<LineString><coordinates>\(run.points.map { coordinates($0.point) }.joined(separator: " "))</coordinates>"
                out += "</LineString></Placemark>\n"
            }
            for p in track.points {
                out += "      <Placemark><name>\(escaped(track.name)) \(fixed(p.timeSeconds, 3)) s</name>"
                out += "<TimeStamp><when>\(document.isoTime(p.timeSeconds))</when></TimeStamp><ExtendedData>"
                for (name, value) in figures(p) { out += "<Data name=\"\(name)\"><value>\(escaped(value))</value></Data>" }
                out += "</ExtendedData><Point><coordinates>\(coordinates(p.point))</coordinates></Point></Placemark>\n"
            }
            out += "    </Folder>\n"
        }
        return out + "  </Document>\n</kml>\n"
    }

    /// A point's figures by name, as written in GPX extensions and KML extended data (absent ones left out).
    static func figures(_ p: PositionTrack.Point) -> [(String, String)] {
        var list: [(String, String)] = [("timeSeconds", fixed(p.timeSeconds, 3)), ("x", fixed(p.point.x, 3)), ("y", fixed(p.point.y, 3))]
        if let level = p.levelID { list.append(("level", level)) }
        if let floor = p.floorNumber { list.append(("floorNumber", fixed(floor, 0))) }
        if let e = p.accuracyEllipse {
            list.append(("accuracySemiMajorMeters", fixed(e.semiMajorMeters, 3)))
            list.append(("accuracySemiMinorMeters", fixed(e.semiMinorMeters, 3)))
            list.append(("accuracyOrientationDegrees", fixed(e.orientationDegrees, 1)))
        }
        if let heading = p.headingRadians { list.append(("headingDegrees", fixed(degrees(heading), 1))) }
        if !p.sources.isEmpty { list.append(("sources", p.sources.joined(separator: ";"))) }
        return list
    }

    /// Text escaped for XML content and attributes (``XMLText/escaped(_:)``).
    static func escaped(_ text: String) -> String { XMLText.escaped(text) }
}
