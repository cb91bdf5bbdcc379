import Foundation
import IndoorGeometry
import IndoorJSON
import IndoorPositioning
import IndoorRecordings

/// A track of the position-annotated BLE RSSI dataset of Daniş et al. (Pervasive and Mobile Computing 81,
/// 2022): fixed receivers hear one moving beacon, and every reading carries the beacon's camera-measured
/// position.
///
/// The geometry is the reverse of a phone scanning fixed beacons, but the maths is the same: each
/// receiver becomes a "beacon" of a ``BeaconRegistry`` (identity = its MAC), and each reading becomes a
/// beacon observation of that receiver. Heights (receivers at 1.2–2.3 m, the beacon at ≈ 1.8 m) are
/// dropped: positions are 2-D, metres in the dataset's own frame.
public struct ReceiverTrack: Sendable {
    /// Readings as beacon observations, time-ordered, seconds from the first reading.
    public var samples: [SensorSample]
    /// The beacon's true position over time, same time axis.
    public var truth: TimedTrajectory
    /// Epoch seconds of the first reading (the time origin).
    public var startEpochSeconds: Double
}

/// Parsers for the receiver-track dataset's device file (`cnf/tetam.dev`) and track files (`trk/*.mbd`).
public enum ReceiverTrackDataset {
    /// The receivers of a device file as a registry: the `Dongles:` line is a JSON object
    /// `{"<12 hex MAC>": [[x, y, z], colour, "alias"], …}`. Every receiver gets `txPowerDbm` and
    /// `pathLossExponent`, and floor number 0.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)`` naming the line and receiver.
    public static func parseDevices(
        _ text: String, file: String, txPowerDbm: Double,
        pathLossExponent: Double? = nil
    ) throws(PositioningError) -> BeaconRegistry {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard let lineIndex = lines.firstIndex(where: { $0.hasPrefix("Dongles:") }) else {
            throw .malformedInput(file: file, line: 1, message: "no 'Dongles:' line")
        }
        let lineNumber = lineIndex + 1
        let prefix = "Dongles:"
        let json = lines[lineIndex].dropFirst(prefix.count)
        let object: [String: JSONValue]
        do {
            guard let parsed = try JSONParser(allowTrailingCommas: false).parse(String(json)).value.object else {
                throw PositioningError.malformedInput(file: file, line: lineNumber, message: "'Dongles:' is not followed by an object")
            }
            object = parsed
        } catch let error as JSONParseError {
            // The JSON is one line: its column, counted after the prefix, locates the error on the file's line.
            throw .malformedInput(
                file: file, line: lineNumber,
                message: "'Dongles:' is not valid JSON at column \(prefix.utf8.count + error.position.column): \(error.message)")
        } catch let error as PositioningError {
            throw error
        } catch {
            throw .malformedInput(file: file, line: lineNumber, message: "'Dongles:' is not valid JSON: \(error)")
        }
        var records: [BeaconRecord] = []
        for (rawMAC, value) in object.sorted(by: { $0.key < $1.key }) {
            func fail(_ message: String) -> PositioningError {
                .malformedInput(file: file, line: lineNumber, message: "receiver \(rawMAC): \(message)")
            }
            guard let mac = colonMAC(rawMAC) else { throw fail("'\(rawMAC)' is not 12 hex digits") }
            guard let entry = value.array, let position = entry.first?.array, position.count >= 2,
                let x = position[0].double, let y = position[1].double, x.isFinite, y.isFinite
            else {
                throw fail("expected [[x, y, z], colour, alias] with finite x and y")
            }
            let alias = entry.count >= 3 ? entry[2].string ?? rawMAC : rawMAC
            records.append(
                BeaconRecord(
                    id: alias, identity: BeaconIdentity(mac: mac), position: .local(LocalPoint(x: x, y: y)),
                    level: .floorNumber(0), txPowerDbm: txPowerDbm, pathLossExponent: pathLossExponent))
        }
        guard !records.isEmpty else { throw .malformedInput(file: file, line: lineNumber, message: "no receiver listed") }
        do {
            return try BeaconRegistry(beacons: records, file: file)
        } catch {
            throw .malformedInput(file: file, line: lineNumber, message: error.description)
        }
    }

    /// A track file: lines `epochSeconds,receiverMAC,beaconMAC,RSSI,x,y,z[,3×3 orientation]`.
    /// Blank lines are skipped; anything else malformed throws.
    /// - Throws: ``PositioningError/malformedInput(file:line:message:)``.
    public static func parseTrack(_ text: String, file: String) throws(PositioningError) -> ReceiverTrack {
        var rows: [(time: Double, mac: String, rssi: Double, point: LocalPoint)] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            func fail(_ message: String) -> PositioningError { .malformedInput(file: file, line: index + 1, message: message) }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 7 else { throw fail("expected at least 7 comma-separated fields, found \(fields.count)") }
            guard let time = Double(fields[0]), time.isFinite else { throw fail("time '\(fields[0])' is not a number") }
            guard let mac = colonMAC(String(fields[1])) else { throw fail("receiver '\(fields[1])' is not 12 hex digits") }
            guard let rssi = Double(fields[3]), rssi.isFinite else { throw fail("RSSI '\(fields[3])' is not a number") }
            guard let x = Double(fields[4]), let y = Double(fields[5]), x.isFinite, y.isFinite else {
                throw fail("position '\(fields[4]),\(fields[5])' is not a pair of numbers")
            }
            rows.append((time, mac, rssi, LocalPoint(x: x, y: y)))
        }
        guard let start = rows.map(\.time).min() else { throw .malformedInput(file: file, line: 1, message: "the track is empty") }
        rows.sort { $0.time < $1.time }
        let samples = rows.map {
            SensorSample(
                timeSeconds: $0.time - start,
                reading: .beacon(BeaconObservation(beacon: BeaconIdentity(mac: $0.mac), rssiDbm: $0.rssi)))
        }
        let truth = TimedTrajectory(rows.map { (timeSeconds: $0.time - start, point: $0.point) })
        return ReceiverTrack(samples: samples, truth: truth, startEpochSeconds: start)
    }

    /// `b827eb4521b4` → `B8:27:EB:45:21:B4`; `nil` unless 12 hex digits (colons allowed).
    static func colonMAC(_ text: String) -> String? {
        let hex = text.filter { $0 != ":" }.uppercased()
        guard hex.count == 12, hex.allSatisfy(\.isHexDigit) else { return nil }
        var pairs: [String] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            pairs.append(String(hex[index..<next]))
            index = next
        }
        return pairs.joined(separator: ":")
    }
}
