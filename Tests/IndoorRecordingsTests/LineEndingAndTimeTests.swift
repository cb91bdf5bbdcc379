import Foundation
import Testing

@testable import IndoorRecordings

/// Line endings (LF, CRLF, CR, mixed) read alike; implausible times are rejected per line and counted.
@Suite struct LineEndingAndTimeTests {
    static let ilcLines = [
        "#\tstartTime:1000000",
        "1000010\tTYPE_WAYPOINT\t10.5\t20.25",
        "1000020\tTYPE_ACCELEROMETER\t0.5\t-1.25\t9.75\t3",
        "1000030\tTYPE_ACCELEROMETER\t0.6\t-1.25\t9.75\t3",
    ]
    static let ipinLines = [
        "% LogFile created by the 'GetSensorData' App for Android.",
        "ACCE;0.010;1.0;0.5;-1.2;9.8;3",
        "ACCE;0.020;1.1;0.5;-1.2;9.8;3",
        "POSI;0.030;40.0;-3.7;0;0",
    ]

    @Test(arguments: ["\n", "\r\n", "\r"]) func everyLineEndingReadsTheSameSamples(_ ending: String) throws {
        for (lines, format) in [(Self.ilcLines, RecordingFormat.ilc), (Self.ipinLines, .ipin)] {
            let reference = try TestSupport.read(lines.joined(separator: "\n") + "\n", format: format)
            let read = try TestSupport.read(lines.joined(separator: ending) + ending, format: format)
            #expect(read.samples.count == reference.samples.count && reference.samples.count >= 3, "\(format) \(ending.debugDescription)")
            #expect(read.samples.map(\.timeSeconds) == reference.samples.map(\.timeSeconds))
            #expect(read.summary.lines == lines.count, "\(format) \(ending.debugDescription): \(read.summary.lines) lines")
            #expect(read.issues.isEmpty, "\(read.issues)")
        }
    }

    @Test func mixedEndingsAndACarriageReturnAtAChunkBoundaryAreOneLineEndEach() throws {
        let text = Self.ilcLines[0] + "\r" + Self.ilcLines[1] + "\r\n" + Self.ilcLines[2] + "\n" + Self.ilcLines[3] + "\r"
        // Small chunks put a '\r' at the end of a buffer before its '\n' is read.
        for chunk in [16, 17, 31, 64, 1 << 20] {
            let read = try TestSupport.read(text, format: .ilc, chunkBytes: chunk)
            #expect(
                read.samples.count == 3 && read.summary.lines == 4,
                "chunk \(chunk): \(read.samples.count) samples, \(read.summary.lines) lines")
        }
    }

    @Test func implausibleTimesAreRejectedAndCounted() throws {
        let ipin = Self.ipinLines + ["ACCE;1e300;1.1;0.5;-1.2;9.8;3", "ACCE;-9.2e18;1.1;0.5;-1.2;9.8;3", "ACCE;0.040;1.1;0.5;-1.2;9.8;3"]
        let read = try TestSupport.read(ipin.joined(separator: "\n"), format: .ipin)
        #expect(read.samples.allSatisfy { abs($0.timeSeconds) <= RecordingReader.maximumPlausibleTimeSeconds })
        #expect(read.issues.count == 2 && read.summary.malformedLines == 2, "\(read.issues)")
        #expect(read.issues.allSatisfy { $0.message.contains("outside any plausible recording") })
        let ilc = Self.ilcLines + ["-9223372036854775807\tTYPE_ACCELEROMETER\t0.6\t-1.25\t9.75\t3"]
        let ilcRead = try TestSupport.read(ilc.joined(separator: "\n"), format: .ilc)
        #expect(ilcRead.summary.malformedLines == 1 && ilcRead.samples.count == 3, "\(ilcRead.issues)")
        // A corrupt first stamp does not become the time origin.
        let firstBad = ["-9223372036854775807\tTYPE_ACCELEROMETER\t0.6\t-1.25\t9.75\t3"] + Self.ilcLines.dropFirst()
        let firstBadRead = try TestSupport.read(firstBad.joined(separator: "\n"), format: .ilc)
        #expect(
            firstBadRead.summary.malformedLines == 1 && firstBadRead.samples.map(\.timeSeconds) == [0, 0.01, 0.02],
            "\(firstBadRead.samples.map(\.timeSeconds))")
        #expect(throws: RecordingError.self) { try TestSupport.read(ipin.joined(separator: "\n"), format: .ipin, strict: true) }
    }
}
