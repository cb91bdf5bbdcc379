import Foundation
import Testing

@testable import IndoorRecordings

/// Counts records per type with plain Foundation string splitting — an independent check of the readers.
private func countRecordTypes(path: String, separator: Character, commentPrefix: Character, typeField: Int) throws -> [String: Int] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var counts: [String: Int] = [:]
    for line in text.split(whereSeparator: \.isNewline) where line.first != commentPrefix {
        let fields = line.split(separator: separator, omittingEmptySubsequences: false)
        if fields.count > typeField { counts[String(fields[typeField]), default: 0] += 1 }
    }
    return counts
}

private let ilcKinds: [String: SampleKind] = [
    "TYPE_ACCELEROMETER": .accelerometer, "TYPE_GYROSCOPE": .gyroscope, "TYPE_MAGNETIC_FIELD": .magnetometer,
    "TYPE_ROTATION_VECTOR": .rotationVector, "TYPE_ACCELEROMETER_UNCALIBRATED": .accelerometerUncalibrated,
    "TYPE_GYROSCOPE_UNCALIBRATED": .gyroscopeUncalibrated, "TYPE_MAGNETIC_FIELD_UNCALIBRATED": .magnetometerUncalibrated,
    "TYPE_WIFI": .wifi, "TYPE_BEACON": .beacon, "TYPE_WAYPOINT": .groundTruth,
]

private let ipinKinds: [String: SampleKind] = [
    "ACCE": .accelerometer, "GYRO": .gyroscope, "MAGN": .magnetometer, "AHRS": .attitude, "PRES": .pressure,
    "BLE4": .beacon, "WIFI": .wifi, "GNSS": .gnss, "POSI": .groundTruth,
]

private func expectCounts(_ summary: ReadSummary, _ counts: [String: Int], _ kinds: [String: SampleKind]) {
    var expectedSamples: [SampleKind: Int] = [:]
    var expectedSkipped: [String: Int] = [:]
    for (type, n) in counts {
        if let kind = kinds[type] { expectedSamples[kind, default: 0] += n } else { expectedSkipped[type] = n }
    }
    #expect(summary.samples == expectedSamples, "\(summary.file)")
    #expect(summary.skippedRecords == expectedSkipped, "\(summary.file)")
    #expect(summary.malformedLines == 0, "\(summary.issues.prefix(3))")
}

@Suite struct BundledSampleTests {
    static let raw = TestSupport.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt").path
    static let canonical = TestSupport.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.jsonl").path

    @Test func rawAndCanonicalExcerptsHoldTheSameSamples() throws {
        let fromRaw = try RecordingReader(path: Self.raw, format: .ilc).readAll()
        let fromCanonical = try RecordingReader(path: Self.canonical, format: .canonical).readAll()
        #expect(fromRaw.samples.count == fromCanonical.samples.count)
        // Times are written rounded to the microsecond; ILC times are whole milliseconds, so they match exactly.
        #expect(fromRaw.samples == fromCanonical.samples)
        expectCounts(fromRaw.summary, try countRecordTypes(path: Self.raw, separator: "\t", commentPrefix: "#", typeField: 1), ilcKinds)
        #expect(fromCanonical.summary.samples[.groundTruth] == 9)
    }

    @Test func playerPutsTheExcerptInTimeOrder() throws {
        let player = try RecordingPlayer(source: RecordingReader(path: Self.canonical))
        var last = -Double.infinity
        var sorted = true
        var count = 0
        while let event = try player.next() {
            guard case .sample(let s) = event else { continue }
            sorted = sorted && s.timeSeconds >= last
            last = s.timeSeconds
            count += 1
        }
        #expect(sorted)
        #expect(count == 10_996)
        #expect(player.report.droppedLate == 0)
        #expect(player.report.reordered > 0)
    }
}

@Suite(.enabled(if: TestSupport.hasSharedData)) struct RealDataTests {
    private func files(_ folder: String, under sub: String? = nil) throws -> [String] {
        let root = TestSupport.sharedData.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".txt") && (sub.map($0.contains) ?? true) }
            .sorted().map { root.appendingPathComponent($0).path }
    }

    /// Every eighth walk plus the three whose late waypoints once fell outside the reorder window (the
    /// whole set is left to the scoring commands: reading all 126 walks in a debug build takes minutes).
    @Test func sampledILCPathFilesReadCleanly() throws {
        let all = try files("ilc-site1", under: "path_data_files")
        #expect(all.count >= 10)
        let lateWaypoints = ["5dda4026c5b77e0006b176b9", "5dda5aed9191710006b573e7", "5de8e4eb7491b00006eab004"]
        let paths = all.enumerated().filter { index, path in index % 8 == 0 || lateWaypoints.contains { path.contains($0) } }.map(\.element)
        for path in paths {
            let reader = try RecordingReader(path: path)
            #expect(reader.format == .ilc)
            let player = try RecordingPlayer(source: reader)
            while try player.next() != nil {}
            expectCounts(reader.summary, try countRecordTypes(path: path, separator: "\t", commentPrefix: "#", typeField: 1), ilcKinds)
            #expect(player.report.droppedLate == 0, "\(path)")
        }
    }

    @Test func everyIPINLogfileReadsCleanly() throws {
        let paths = try files("ipin2023-t3/logfiles")
        #expect(paths.count >= 1)
        for path in paths {
            let reader = try RecordingReader(path: path)
            #expect(reader.format == .ipin)
            let (_, summary) = try reader.readAll()
            expectCounts(summary, try countRecordTypes(path: path, separator: ";", commentPrefix: "%", typeField: 0), ipinKinds)
        }
    }
}
