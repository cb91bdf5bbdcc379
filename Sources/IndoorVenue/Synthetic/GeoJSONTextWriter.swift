import Foundation
import IndoorGeometry
import IndoorJSON

/// Streams JSON text to a file through a buffer, with cached geographic coordinates for local points.
///
/// Writes the text directly (no ``JSONValue`` tree), flushing every ~1 MB, so memory stays flat for
/// files of any size. Coordinates are rounded to 1e-7° (about 1 cm).
struct GeoJSONTextWriter {
    private let handle: FileHandle
    private let path: String
    private var buffer = ""
    private let frame: LocalFrame
    private var coordinateText: [LocalPoint: String] = [:]
    /// Bytes written so far.
    private(set) var byteCount = 0

    private static let flushThreshold = 1 << 20

    init(path: String, frame: LocalFrame) throws(SyntheticVenueError) {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw .unwritable(path: path, reason: "cannot create file")
        }
        do { handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path)) } catch {
            throw .unwritable(path: path, reason: "\(IOErrorText.reason(error))")
        }
        self.path = path
        self.frame = frame
        buffer.reserveCapacity(Self.flushThreshold + 4096)
    }

    /// Appends raw JSON text (punctuation, member names known to need no escaping).
    mutating func raw(_ text: String) throws(SyntheticVenueError) {
        buffer += text
        if buffer.utf8.count >= Self.flushThreshold { try flush() }
    }

    /// Appends raw JSON text without flushing (for short pieces inside a feature).
    mutating func append(_ text: String) { buffer += text }

    /// Appends a JSON string literal.
    mutating func string(_ text: String) { JSONValue.writeString(text, into: &buffer) }

    /// Appends a number (integers without a fraction).
    mutating func number(_ value: Double) { JSONValue.writeNumber(value, into: &buffer) }

    /// Appends `[lon,lat]` of a local point, rounded to 1e-7°.
    mutating func position(_ point: LocalPoint) {
        if let cached = coordinateText[point] { buffer += cached; return }
        let geo = frame.geoCoordinate(from: point)
        var text = "["
        JSONValue.writeNumber((geo.longitudeDegrees * 1e7).rounded() / 1e7, into: &text)
        text += ","
        JSONValue.writeNumber((geo.latitudeDegrees * 1e7).rounded() / 1e7, into: &text)
        text += "]"
        coordinateText[point] = text
        buffer += text
    }

    /// A closed polygon ring of a box, counter-clockwise from the south-west corner.
    mutating func boxPolygon(_ box: BoundingBox) {
        buffer += "{\"type\":\"Polygon\",\"coordinates\":[["
        let corners = [
            LocalPoint(x: box.minX, y: box.minY), LocalPoint(x: box.maxX, y: box.minY),
            LocalPoint(x: box.maxX, y: box.maxY), LocalPoint(x: box.minX, y: box.maxY),
            LocalPoint(x: box.minX, y: box.minY),
        ]
        for (k, p) in corners.enumerated() {
            if k > 0 { buffer += "," }
            position(p)
        }
        buffer += "]]}"
    }

    /// A GeoJSON Point geometry.
    mutating func pointGeometry(_ point: LocalPoint) {
        buffer += "{\"type\":\"Point\",\"coordinates\":"
        position(point)
        buffer += "}"
    }

    /// Writes what is buffered.
    mutating func flush() throws(SyntheticVenueError) {
        guard !buffer.isEmpty else { return }
        let data = Data(buffer.utf8)
        do { try handle.write(contentsOf: data) } catch {
            throw .unwritable(path: path, reason: "\(IOErrorText.reason(error))")
        }
        byteCount += data.count
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes and closes the file.
    mutating func close() throws(SyntheticVenueError) {
        try flush()
        do { try handle.close() } catch { throw .unwritable(path: path, reason: "\(IOErrorText.reason(error))") }
    }
}
