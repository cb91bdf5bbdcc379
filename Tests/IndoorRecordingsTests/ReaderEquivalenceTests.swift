import Foundation
import IndoorGeometry
import Testing

@testable import IndoorRecordings

/// Everything a reader and the player in front of it hand out for one input.
private struct ReadOutcome: Equatable {
    var events: [SourceEvent] = []
    var summary: ReadSummary?
    var header: RecordingHeader?
    var played: [PlaybackEvent] = []
    var report: PlaybackReport?
    var error: String?
}

/// What both readers hand out besides their events: the sources reader and the test-side reference.
private protocol SummarisingReader: SampleSource {
    var summary: ReadSummary { get }
    var header: RecordingHeader { get }
}
extension RecordingReader: SummarisingReader {}
extension ReferenceRecordingReader: SummarisingReader {}

/// Reads `bytes` with the reader `open` makes, through the player too (a second reader) unless `withPlayer` is false.
private func read(_ open: () throws -> any SummarisingReader, withPlayer: Bool) -> ReadOutcome {
    var outcome = ReadOutcome()
    do {
        let reader = try open()
        while let event = try reader.next() { outcome.events.append(event) }
        outcome.summary = reader.summary
        outcome.header = reader.header
        if withPlayer {
            // The player is unchanged; it plays each reader's samples to compare what each feeds it.
            let player = try RecordingPlayer(source: open())
            while let event = try player.next() { outcome.played.append(event) }
            outcome.report = player.report
        }
    } catch {
        outcome.error = "\(error)"
    }
    return outcome
}

/// Reads `bytes` with the reader in Sources and with the test-side reference (the reader as it was
/// before the single-pass reader), through the player too unless `withPlayer` is false, and returns both outcomes.
private func readBoth(
    _ bytes: [UInt8], name: String, chunkBytes: Int = 1 << 20, withPlayer: Bool = true
) -> (new: ReadOutcome, old: ReadOutcome) {
    let new = read({ try RecordingReader(source: MemoryByteSource(bytes, name: name), chunkBytes: chunkBytes) }, withPlayer: withPlayer)
    let old = read(
        { try ReferenceRecordingReader(source: MemoryByteSource(bytes, name: name), chunkBytes: chunkBytes) }, withPlayer: withPlayer)
    return (new, old)
}

/// The first difference between two outcomes, for a readable failure.
private func firstDifference(_ a: ReadOutcome, _ b: ReadOutcome) -> String {
    if a.error != b.error { return "error: \(a.error ?? "none") vs \(b.error ?? "none")" }
    for (i, (x, y)) in zip(a.events, b.events).enumerated() where x != y { return "event \(i): \(x) vs \(y)" }
    if a.events.count != b.events.count { return "event count \(a.events.count) vs \(b.events.count)" }
    if a.summary != b.summary { return "summary: \(String(describing: a.summary)) vs \(String(describing: b.summary))" }
    if a.header != b.header { return "header differs" }
    for (i, (x, y)) in zip(a.played, b.played).enumerated() where x != y { return "played \(i): \(x) vs \(y)" }
    if a.played.count != b.played.count { return "played count \(a.played.count) vs \(b.played.count)" }
    if a.report != b.report { return "player report differs" }
    return "none"
}

/// Lines of `bytes` damaged in the ways real files are: a digit turned into a letter, a line cut short,
/// a separator dropped, a field emptied, a value doubled. Every 7th line gets one of them (chosen by
/// line number, so the damage is the same on every run).
private func damaged(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 8)
    var lineNumber = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        lineNumber += 1
        var l = Array(line)
        if lineNumber > 2, lineNumber % 7 == 0, !l.isEmpty {
            switch (lineNumber / 7) % 8 {
            case 0: if let d = l.lastIndex(where: { $0 >= 48 && $0 <= 57 }) { l[d] = UInt8(ascii: "x") }
            case 1: l = Array(l.prefix(l.count / 2))
            case 2: if let s = l.firstIndex(where: { $0 == 0x09 || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }) { l.remove(at: s) }
            case 3:
                if let s = l.lastIndex(where: { $0 == 0x09 || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") }) {
                    l = Array(l[...s]) + (l.last == UInt8(ascii: "}") ? [UInt8(ascii: "}")] : [])
                }
            case 4: l += l
            case 5: if let d = l.firstIndex(where: { $0 >= 48 && $0 <= 57 }) { l.insert(contentsOf: Array("e999".utf8), at: d + 1) }
            case 6: l = Array("\r".utf8) + l
            default: l = l.map { $0 == UInt8(ascii: "\"") ? UInt8(ascii: "'") : $0 }
            }
        }
        out += l
        out.append(lineNumber % 11 == 0 ? 0x0D : 0x0A)
    }
    return out
}

/// Every recording the repository bundles (canonical, ILC, IPIN), the test fixtures and, when the
/// shared data is present, every ILC walk and IPIN logfile there.
private func recordingFiles() -> [String] {
    let manager = FileManager.default
    var files: [String] = []
    func walk(_ url: URL, _ extensions: Set<String>) {
        guard let enumerator = manager.enumerator(at: url, includingPropertiesForKeys: nil) else { return }
        for case let file as URL in enumerator where extensions.contains(file.pathExtension.lowercased()) {
            files.append(file.path)
        }
    }
    walk(TestSupport.packageRoot.appendingPathComponent("Recordings"), ["jsonl", "txt"])
    walk(TestSupport.packageRoot.appendingPathComponent("Tests/IndoorRecordingsTests/Fixtures"), ["jsonl", "txt"])
    if TestSupport.hasSharedData {
        walk(TestSupport.sharedData.appendingPathComponent("ilc-site1"), ["txt"])
        walk(TestSupport.sharedData.appendingPathComponent("ipin2023-t3"), ["txt"])
    }
    return files.sorted()
}

@Suite struct ReaderEquivalenceTests {
    @Test func everyRecordingReadsTheSameAsTheReferenceReader() throws {
        let files = recordingFiles()
        #expect(files.count >= 6, "bundled recordings and fixtures not found under \(TestSupport.packageRoot.path)")
        var samples = 0
        for file in files {
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: file)))
            // The player's output is compared on the bundled recordings; the shared walks compare the reader's.
            let shared = TestSupport.hasSharedData && file.hasPrefix(TestSupport.sharedData.path)
            let (new, old) = readBoth(bytes, name: file, withPlayer: !shared)
            #expect(new == old, "\(file): \(firstDifference(new, old))")
            samples += new.events.count
        }
        #expect(samples > 10_000)
    }

    @Test func sharedWalksArePresentOrSkippedWithAReason() throws {
        guard TestSupport.hasSharedData else {
            print("ReaderEquivalenceTests: \(TestSupport.sharedData.path) absent; only the bundled recordings were compared")
            return
        }
        let walks = recordingFiles().filter { $0.hasPrefix(TestSupport.sharedData.path) }
        #expect(walks.count > 100, "expected the ILC walks and IPIN logfiles under \(TestSupport.sharedData.path)")
    }

    @Test func damagedRecordingsGiveTheSameSamplesAndTheSameProblems() throws {
        for file in recordingFiles().prefix(8) {
            let bytes = damaged(try Array(Data(contentsOf: URL(fileURLWithPath: file))))
            let (new, old) = readBoth(bytes, name: file)
            #expect(new == old, "\(file) damaged: \(firstDifference(new, old))")
            let issues = new.events.filter { if case .issue = $0 { true } else { false } }.count
            #expect(issues > 0 || new.error != nil, "\(file): the damage produced no problem to compare")
        }
    }

    @Test func smallChunksSplitLinesAnywhereAndStillReadTheSame() throws {
        let file = TestSupport.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.jsonl").path
        let bytes = Array(try Array(Data(contentsOf: URL(fileURLWithPath: file))).prefix(40_000))
        for chunk in [16, 17, 61, 4096] {
            let (new, old) = readBoth(bytes, name: "chunk\(chunk)", chunkBytes: chunk)
            #expect(new == old, "chunk \(chunk): \(firstDifference(new, old))")
            #expect(new.events.count > 100)
        }
    }

    @Test func handWrittenEdgeCasesReadTheSame() throws {
        let lines = [
            TestSupport.canonicalHeader,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3}"#,
            #"{"t":1.5,"type":"acc","x":1,"x":9,"y":2,"z":3,"accuracy":2}"#,
            #"{"t":2,"type":"acc","x":+1,"y":007,"z":.5}"#,
            #"{"t":3,"type":"acc","x":1e400,"y":2,"z":3}"#,
            #"{"t":3,"type":"acc","x":1e-400,"y":2,"z":3}"#,
            #"{"t":3,"type":"acc","x":12345678901234567890123,"y":0.1000000000000000055511151231257827,"z":3}"#,
            #"{"t":4,"type":"acc","x":"1","y":2,"z":3}"#,
            #"{"t":4,"type":"acc","x":true,"y":null,"z":3}"#,
            #"{"t":4,"type":"acc","x":tru,"y":2,"z":3}"#,
            #"{"t":5,"type":"ble","uuid":"abc\u0044","mac":"aa:bb:cc:dd:ee:ff","rssi":-70,"major":1.5}"#,
            #"{"t":5,"type":"ble","uuid":"ABC","mac":"ä:b","rssi":-70,"major":2}"#,
            #"{"t":6,"type":"wifi","bssid":"00:11:22:33:44:55","ssid":"x","rssi":-60,"freq":2412}"#,
            #"{"t":6,"type":"wifi","bssid":"00:11:22:33:44:55","ssid":"x","rssi":-60,"freq":2412}"#,
            #"{"t":7,"type":"unknown_kind","x":1}"#,
            #"{"t":7,"type":"a\"cc","x":1}"#,
            #"{"t":7,"type":3,"x":1}"#,
            #"{"t":7,"x":1}"#,
            #"{"t":8,"type":"truth","x":1,"y":2,"frame":"floor","floor":"F1"}"#,
            #"{"t":8,"type":"truth","lat":91,"lon":2}"#,
            #"{"t":9,"type":"gnss","lat":50,"lon":8,"hacc":-1}"#,
            #"{"t":9,"type":"marker","text":"nested","extra":{"a":[1,2]}}"#,
            #"{"t":1e300,"type":"acc","x":1,"y":2,"z":3}"#,
            #"{"t":10,"type":"acc","x":1,"y":2,"z":3} x"#,
            #"{"t":10,"type":"acc","x":1,"y":2,"z":3"#,
            #"{"t":10 ,"type" : "acc" , "x":1 , "y":2,"z":3 }"#,
            "{\"t\":10,\"type\":\"acc\",\"x\":1\t,\"y\":2,\"z\":3}",
            #"{"t":10,"type":"acc","x":-,"y":2,"z":3}"#,
            #"{"t":10,"type":"acc","x":1e,"y":2,"z":3}"#,
            #"{"t":10,"type":"acc","x":1.2.3,"y":2,"z":3}"#,
            #"{}"#, "[]", "   ", "",
        ]
        let (new, old) = readBoth(Array(lines.joined(separator: "\n").utf8), name: "edge.jsonl")
        #expect(new == old, "\(firstDifference(new, old))")
        #expect(new.events.count == 29)

        let ilc = [
            "#\tstartTime:1000\tFloorName:F2", "1000\tTYPE_ACCELEROMETER\t1\t2\t3\t2", "1001\tTYPE_ACCELEROMETER\t1\t2",
            "1002\tTYPE_WIFI\tnet\t00:11:22:33:44:55\t-50\t2412\t990", "1002\tTYPE_WIFI\t\t\t-50",
            "1003\tTYPE_BEACON\tuuid-a\t1\t2\t-59\t-70\t1.5\taa:bb",
            "1004\tTYPE_WAYPOINT\t1.5\t2.5", "x\tTYPE_GYROSCOPE\t1\t2\t3", "1005\tTYPE_FOO\t1", "1006\tNOTYPE\t1", "1007",
            "99999999999999999999\tTYPE_GYROSCOPE\t1\t2\t3", "1008\tTYPE_ROTATION_VECTOR\t0.1\t0.2\t0.3\t3",
            "1009\tTYPE_MAGNETIC_FIELD_UNCALIBRATED\t1\t2\t3\t4\t5\t6\t3", "1010\tTYPE_GYROSCOPE_UNCALIBRATED\t1\t2\t3\t4\t5\tq",
        ]
        let (newILC, oldILC) = readBoth(Array(ilc.joined(separator: "\r\n").utf8), name: "edge.txt")
        #expect(newILC == oldILC, "\(firstDifference(newILC, oldILC))")
        #expect(newILC.events.count == 13)

        let ipin = [
            "% Model: Pixel", "ACCE;0.1;5.1;1;2;3;3", "GYRO;0.2;5.2;1;2;3", "MAGN;0.3;5.3;1;2", "PRES;0.4;5.4;1013.2;0",
            "PRES;0.4;5.4;-1;0",
            "AHRS;0.5;5.5;10;20;30;0.1;0.2;0.3;3", "BLE4;0.6;iBeacon;AA:BB:CC:DD:EE:FF;-70;-59;1;2;uuid-b", "BLE4;0.6;Eddystone;;-70",
            "WIFI;0.7;5.7;ssid;00:11:22:33:44:55;2412;-60", "GNSS;0.8;5.8;50;8;100;90;5;1;10;8", "GNSS;0.8;5.8;95;8;100;90;5;1;10;8",
            "POSI;0.9;1;50;8;2;0", "LIGH;1.0;5;100;3", "ZZZZ;1", "what;1", "nosemicolon", "ACCE;x;5.1;1;2;3;3",
        ]
        let (newIPIN, oldIPIN) = readBoth(Array(ipin.joined(separator: "\n").utf8), name: "edge-ipin.txt")
        #expect(newIPIN == oldIPIN, "\(firstDifference(newIPIN, oldIPIN))")
        #expect(newIPIN.events.count == 15)
    }

    /// Lines the short paths (``CanonicalFastLine``, the importers' ``RecordLineDecoder/commonSample(_:)``)
    /// take or must hand to the general path: every one reads as the reference reads it.
    @Test func shortPathEdgeCasesReadTheSame() throws {
        let canonical = [
            TestSupport.canonicalHeader,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,"accuracy":2.5}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,"accuracy":1e20}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,"accuracy":-2}"#,
            #"{"t":1,"type":"acc","x":-0,"y":-0.0,"z":0.1e1}"#,
            #"{"t":1,"type":"acc","x":1E5,"y":12345678901234567,"z":123456789012345}"#,
            #"{"t":1,"type":"acc","x":1.,"y":.5,"z":01}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,"lat":5}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,"zz":5}"#,
            #"{"t":1,"type":"acc","x":1,"x":2,"y":2,"z":3}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3}"#,
            #"{"t":1,"type":"acc","x":1,"y":2}"#,
            #"{"t":1,"type":"acc","x":"1","y":2,"z":3}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3,}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3}}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3"#,
            #"{"t":-1,"type":"gyro","x":1,"y":2,"z":3}"#,
            #"{"t":1e11,"type":"mag","x":1,"y":2,"z":3}"#,
            #"{"type":"acc","t":1,"x":1,"y":2,"z":3}"#,
            #"{"t":1,"type":"acc_raw","x":1,"y":2,"z":3,"bx":4,"by":5,"bz":6,"accuracy":1}"#,
            #"{"t":1,"type":"gyro_raw","x":1,"y":2,"z":3,"bx":4,"by":5}"#,
            #"{"t":1,"type":"mag_raw","x":1,"y":2,"z":3,"bx":4,"by":5,"bz":6}"#,
            #"{"t":1,"type":"rotation","qw":1,"qx":0,"qy":0}"#,
            #"{"t":1,"type":"rotation","qw":1,"qx":0,"qy":0,"qz":0,"accuracy":3}"#,
            #"{"t":1,"type":"attitude","pitch":0.1,"roll":0.2,"yaw":0.3}"#,
            #"{"t":1,"type":"attitude","pitch":0.1,"roll":0.2,"yaw":0.3,"qw":1,"qx":0,"qy":0,"qz":0}"#,
            #"{"t":1,"type":"attitude","pitch":0.1,"roll":0.2,"yaw":0.3,"qx":0}"#,
            #"{"t":1,"type":"attitude","pitch":0.1,"roll":0.2,"yaw":0.3,"qw":1}"#,
            #"{"t":1,"type":"pressure","hPa":1013.25,"accuracy":0}"#,
            #"{"t":1,"type":"pressure","hPa":null}"#,
            #"{"t":1,"type":"ble","uuid":"1d0c5a7e-0000-4000-8000-00000000b1e5","major":1,"minor":2,"mac":"5e:1b:00:00:00:01","rssi":-68,"tx":-59}"#,
            #"{"t":1,"type":"ble","mac":"aa:bb","rssi":-70,"major":70000,"dist":1.5}"#,
            #"{"t":1,"type":"ble","rssi":-70}"#,
            #"{"t":1,"type":"ble","uuid":"","rssi":-70}"#,
            #"{"t":1,"type":"ble","uuid":"ABC","rssi":-70,"minor":1.5}"#,
            #"{"t":1,"type":"ble","mac":"a\"b","rssi":-70}"#,
            #"{"t":1,"type":"ble","mac":"äb:cd","rssi":-70}"#,
            #"{"t":1,"type":"wifi","bssid":"00:11:22:33:44:55","ssid":"net","rssi":-60,"freq":2412,"seen":0.5}"#,
            #"{"t":1,"type":"wifi","ssid":"net","rssi":-60}"#,
            #"{"t":1,"type":"wifi","bssid":"","rssi":-60}"#,
            #"{"t":1,"type":"wifi","bssid":7,"rssi":-60}"#,
            #"{"t":1,"type":"truth","x":1,"y":2}"#,
            #"{"t":1,"type":"acc","x":1,"y":2,"z":3}   "#,
        ]
        let (new, old) = readBoth(Array(canonical.joined(separator: "\n").utf8), name: "short.jsonl")
        #expect(new == old, "\(firstDifference(new, old))")
        #expect(new.events.count == canonical.count - 1)

        let ilc = [
            "1000\tTYPE_ACCELEROMETER\t1\t2\t3\t2", "#\tstartTime:900\tFloorName:F2",
            "1000\tTYPE_ACCELEROMETER\t+1\t.5\t1e3\t", "1001\tTYPE_ACCELEROMETER\t1\t2\t3\t2\textra",
            "1002\tTYPE_GYROSCOPE\t1\t2\t3\t+2", "1003\tTYPE_GYROSCOPE\t1\t2\t3\t2.0", "-5\tTYPE_GYROSCOPE\t1\t2\t3",
            "0001004\tTYPE_MAGNETIC_FIELD\t1\t2\t3", "1005\tTYPE_MAGNETIC_FIELD\t1\t2\t", "1006\tTYPE_WIFI\tssid\t\t-50",
            "1007\tTYPE_WIFI\tssid\tAA:BB\t-50\t\t", "1008\tTYPE_WIFI\tssid\tAA:BB\t-50\t2412\tx",
            "1009\tTYPE_WIFI\t\tAA:BB\t-50\t2412\t990", "1010\tTYPE_WIFI\tssid\tAA:BB", "1011\tTYPE_ROTATION_VECTOR\t0.1\t0.2",
            "1012\tTYPE_ACCELEROMETER_UNCALIBRATED\t1\t2\t3\t4\t5\t6", "1013\tTYPE_GYROSCOPE_UNCALIBRATED\t1\t2\t3\t4\t5\t6\t3\t9",
            "1014\tTYPE_MAGNETIC_FIELD_UNCALIBRATE\t1\t2\t3", "1015\tTYPE_ACCELEROMETEr\t1\t2\t3", "1016 \tTYPE_GYROSCOPE\t1\t2\t3",
            "1017\tTYPE_GYROSCOPE\t1\t2\t123456789012345678", "1018\tTYPE_GYROSCOPE\t1\t2\t3\t99999999999999999999",
            "99999999999999\tTYPE_GYROSCOPE\t1\t2\t3", "1019\tTYPE_GYROSCOPE\t1\t2\tnan",
        ]
        let (newILC, oldILC) = readBoth(Array(ilc.joined(separator: "\n").utf8), name: "short.txt")
        #expect(newILC == oldILC, "\(firstDifference(newILC, oldILC))")
        #expect(newILC.events.count == ilc.count - 3, "the header line and two unknown types give no event")

        let ipin = [
            "ACCE;0.1;;1;2;3;", "ACCE;0.1;5;1;2;3;3;extra", "ACCE;-0.1;5;1;2;3;3", "GYRO;1e3;5;1;2;3;3", "MAGN;0.1;5;1;2;3;3.5",
            "ACCE;0.1;5;1;2", "ACCE;0.1", "ACCE;0.1;5", "PRES;0.4;5.4;0;0", "PRES;0.4;5.4;1013.5", "PRES;0.4;5.4;1013.5;+1",
            "AHRS;0.5;5.5;10;20;30;0.1;0.2", "AHRS;0.5;5.5;10;20;30;0.1;0.2;0.3", "WIFI;0.7;5.7;;00:11;;-60", "WIFI;0.7;5.7;s;;2412;-60",
            "WIFI;0.7;5.7;s;00:11;2412", "WIFI;0.7;5.7;s;00:11;x;-60", "ACCE;+0.1;5;1;2;3;3", "ACCEL;0.1;5;1;2;3;3", "acce;0.1;5;1;2;3;3",
            "ACCE;0.1;5;1;2;3;3\t",
        ]
        let (newIPIN, oldIPIN) = readBoth(Array(ipin.joined(separator: "\n").utf8), name: "short-ipin.txt")
        #expect(newIPIN == oldIPIN, "\(firstDifference(newIPIN, oldIPIN))")
        #expect(newIPIN.events.count == ipin.count)
    }

    /// The short paths' number reading gives the `Double` that `Double(String)` gives, for numbers in every
    /// form the formats use (fixed point of any precision, exponents, negatives, long digit strings).
    @Test func shortPathNumbersAreExactlyDoubleOfTheirText() throws {
        var rng = SplitMix64(seed: 11)
        var texts: [String] = [
            "0", "-0", "0.0", "-0.0", "1", "-1", "9007199254740993", "123456789012345", "1234567890123456",
            "0.1", "0.3", "2.5e-3", "-1.7976931348623157e308", "4.9e-324", "1e-5", "1E22", "1e23", "0.000000000000000000001",
            "999999999999999.9", "0.12345678901234567890",
        ]
        for k in 0..<6000 {
            let magnitude = Double(rng.next() % 1_000_000_000) / 1e3 * pow(10, Double(Int(rng.next() % 13) - 6))
            let value = rng.next() % 2 == 0 ? magnitude : -magnitude
            switch k % 6 {
            case 0: texts.append("\(value)")
            case 1: texts.append(String(format: "%.\(rng.next() % 13)f", value))
            case 2: texts.append(String(format: "%.17g", value))
            case 3: texts.append(String(format: "%e", value))
            case 4: texts.append(String(Int64(bitPattern: rng.next()) >> Int64(rng.next() % 60)))
            default:
                texts.append(
                    String(format: "%.\(rng.next() % 8)f", Double(Int64(bitPattern: rng.next() % 2_000_000_000) - 1_000_000_000) / 1e4))
            }
        }
        let expected = texts.map { Double($0) }
        #expect(expected.allSatisfy { $0 != nil })
        func xs(_ text: String, name: String) throws -> [Double] {
            let reader = try RecordingReader(source: MemoryByteSource(text: text, name: name))
            var out: [Double] = []
            while let event = try reader.next() {
                guard case .sample(let sample, _) = event else { continue }
                switch sample.reading {
                case .accelerometer(let v): out.append(v.x)
                default: continue
                }
            }
            return out
        }
        let canonical = ([TestSupport.canonicalHeader] + texts.map { #"{"t":1,"type":"acc","x":\#($0),"y":0,"z":0}"# }).joined(
            separator: "\n")
        let ilc = (["#\tstartTime:1000"] + texts.map { "1000\tTYPE_ACCELEROMETER\t\($0)\t0\t0\t3" }).joined(separator: "\n")
        let ipin = texts.map { "ACCE;1;2;\($0);0;0;3" }.joined(separator: "\n")
        for (name, text) in [("n.jsonl", canonical), ("n.txt", ilc), ("n-ipin.txt", ipin)] {
            let read = try xs(text, name: name)
            #expect(read.count == texts.count, "\(name)")
            for (k, (x, e)) in zip(read, expected).enumerated() where x.bitPattern != e?.bitPattern {
                Issue.record("\(name): '\(texts[k])' read as \(x), Double gives \(String(describing: e))")
                break
            }
        }
    }

    /// The constants of ``CanonicalFastLine`` are its keys' and kinds' names packed as it packs them.
    @Test func shortPathConstantsAreTheNamesPacked() {
        func packed(_ name: String) -> UInt64 { name.utf8.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        for raw in 0..<CanonicalFastLine.Slot.count {
            guard let slot = CanonicalFastLine.Slot(rawValue: raw) else { Issue.record("slot \(raw)"); continue }
            #expect(CanonicalFastLine.slot(packedKey: packed("\(slot)")) == slot)
            #expect(CanonicalKey.allCases.contains { $0.name == "\(slot)" }, "\(slot) is a canonical key")
        }
        for kind in SampleKind.allCases {
            let found = CanonicalFastLine.kind(packedType: packed(kind.rawValue))
            #expect(found == nil || found == kind, "\(kind)")
        }
        #expect(CanonicalFastLine.kind(packedType: packed("acc")) == .accelerometer)
        #expect(CanonicalFastLine.kind(packedType: packed("wifi")) == .wifi)
        #expect(CanonicalFastLine.slot(packedKey: packed("t")) == nil)
    }
}
