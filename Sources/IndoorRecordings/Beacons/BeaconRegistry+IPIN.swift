import Foundation
import IndoorGeometry
import IndoorJSON

extension BeaconRegistry {
    /// The iBeacon UUID the IPIN 2023 Track 3 beacons advertise (seen in every `BLE4` record).
    public static let ipin2023UUID = "11111111-1111-BEAC-2023-111111111111"

    /// Imports the IPIN 2023 `BLE_Locations.csv` (`bleID,Lat,Lon,floor`, quoted ids).
    ///
    /// Beacon `BLEN` advertises MAC `BE:AC:20:23:00:0N` and iBeacon ``ipin2023UUID``, major 1, minor N
    /// (as observed in the logfiles). The CSV has no calibration, so every beacon gets `txPowerDbm`.
    public static func importIPINLocations(
        path: String, txPowerDbm: Double = defaultTxPowerDbm,
        pathLossExponent: Double? = nil
    ) throws(RecordingError) -> BeaconRegistry {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw .io(file: path, message: "cannot read: \(IOErrorText.reason(error))")
        }
        return try parseIPINLocations(text, file: path, txPowerDbm: txPowerDbm, pathLossExponent: pathLossExponent)
    }

    /// Parses `BLE_Locations.csv` text (see ``importIPINLocations(path:txPowerDbm:pathLossExponent:)``).
    public static func parseIPINLocations(
        _ text: String, file: String, txPowerDbm: Double = defaultTxPowerDbm,
        pathLossExponent: Double? = nil
    ) throws(RecordingError) -> BeaconRegistry {
        var records: [BeaconRecord] = []
        var sawHeader = false
        // "\r\n" is a single Character, so split on any newline character.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let entry = "line \(index + 1)"
            func fail(_ field: String?, _ message: String) -> RecordingError {
                .beaconRegistry(file: file, entry: entry, field: field, message: message)
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"\t"))
            }
            if !sawHeader {
                guard fields.map({ $0.lowercased() }) == ["bleid", "lat", "lon", "floor"] else {
                    throw fail(nil, "expected the header 'bleID,Lat,Lon,floor', found '\(line.prefix(60))'")
                }
                sawHeader = true
                continue
            }
            guard fields.count == 4 else { throw fail(nil, "expected 4 fields (bleID,Lat,Lon,floor), found \(fields.count)") }
            let id = fields[0]
            guard id.hasPrefix("BLE"), let n = Int(id.dropFirst(3)), (0...255).contains(n) else {
                throw fail("bleID", "'\(id)' is not BLE<number>")
            }
            guard let lat = Double(fields[1]), lat.isFinite else { throw fail("Lat", "'\(fields[1])' is not a number") }
            guard let lon = Double(fields[2]), lon.isFinite else { throw fail("Lon", "'\(fields[2])' is not a number") }
            guard let floor = Int(fields[3]) else { throw fail("floor", "'\(fields[3])' is not an integer") }
            let mac = "BE:AC:20:23:00:" + String(format: "%02X", n)
            records.append(
                BeaconRecord(
                    id: id, identity: BeaconIdentity(uuid: ipin2023UUID, major: 1, minor: n, mac: mac),
                    position: .geographic(GeoCoordinate(latitudeDegrees: lat, longitudeDegrees: lon)),
                    level: .floorNumber(Double(floor)), txPowerDbm: txPowerDbm, pathLossExponent: pathLossExponent))
        }
        guard sawHeader else { throw .beaconRegistry(file: file, entry: nil, field: nil, message: "the file is empty") }
        return try BeaconRegistry(beacons: records, file: file)
    }
}
