import Foundation
import IndoorConfiguration
import IndoorGeometry
import Testing

@testable import IndoorRecordings

@Suite struct PlayerTests {
    private func pressure(_ t: Double, _ hPa: Double = 1000) -> SensorSample {
        SensorSample(timeSeconds: t, reading: .pressure(hectopascals: hPa))
    }

    private func drain(_ player: RecordingPlayer) throws -> [PlaybackEvent] {
        var out: [PlaybackEvent] = []
        while let e = try player.next() { out.append(e) }
        return out
    }

    private func times(_ events: [PlaybackEvent]) -> [Double] {
        events.compactMap { if case .sample(let s) = $0 { s.timeSeconds } else { nil } }
    }

    @Test func reordersWithinTheWindowAndDropsLateSamples() throws {
        // Window 1 s; the release sequence is worked out by hand below.
        let input = [0.0, 1.2, 0.5, 2.5, 0.9, 3.0, 1.0, 5.0].map { pressure($0) }
        let config = try PlayerConfiguration { $0.reorderWindowSeconds = 1 }
        let player = try RecordingPlayer(source: ArraySampleSource(input), configuration: config)
        let events = try drain(player)
        // Read 0, 1.2 (newest 1.2 → release 0.0), 0.5 (reordered), 2.5 (newest 2.5 → release 0.5, 1.2),
        // 0.9 (< played 1.2 → dropped), 3.0 (release ≤ 2.0: nothing), 1.0 (< 1.2 → dropped), 5.0 (release 2.5, 3.0), end → 5.0.
        #expect(times(events) == [0.0, 0.5, 1.2, 2.5, 3.0, 5.0])
        let dropped = events.compactMap { if case .dropped(let late) = $0 { late } else { nil } }
        #expect(dropped.map(\.sample.timeSeconds) == [0.9, 1.0])
        #expect(dropped.map(\.line) == [5, 7])
        #expect(dropped.allSatisfy { $0.playedUpToSeconds == 1.2 })
        #expect(player.report.reordered == 1)
        #expect(player.report.droppedLate == 2)
        #expect(player.report.played == 6)
    }

    @Test func outputIsSortedForRandomDisorderWithinTheWindow() throws {
        var rng = SplitMix64(seed: 11)
        let truth = (0..<2000).map { Double($0) * 0.01 }
        // Each sample displaced by at most 0.4 s of its true time.
        let shuffled = truth.map { ($0 + Double.random(in: 0...0.4, using: &rng), $0) }.sorted { $0.0 < $1.0 }.map { pressure($0.1) }
        let player = try RecordingPlayer(
            source: ArraySampleSource(shuffled), configuration: try PlayerConfiguration { $0.reorderWindowSeconds = 0.5 })
        let played = times(try drain(player))
        #expect(played == truth)
        #expect(player.report.droppedLate == 0)
        #expect(player.report.reordered > 0)
    }

    @Test func strictModeThrowsOnLateSamplesAndIssues() throws {
        // Window 1 s: reading 5 releases 0; 3 arrives (put in order, released since 3 ≤ 5 − 1); then 0.5 is late.
        let late = try RecordingPlayer(
            source: ArraySampleSource([pressure(0), pressure(5), pressure(3), pressure(0.5)]),
            configuration: try PlayerConfiguration {
                $0.reorderWindowSeconds = 1
                $0.strict = true
            })
        #expect(throws: RecordingError.sampleTooLate(file: "<samples>", line: 4, timeSeconds: 0.5, alreadyEmittedSeconds: 3)) {
            try drain(late)
        }

        let issue = RecordingLineIssue(file: "f", line: 2, message: "bad")
        let events: [SourceEvent] = [.sample(pressure(0), line: 1), .issue(issue), .sample(pressure(1), line: 3)]
        let lenient = try RecordingPlayer(source: ArraySampleSource(events: events))
        #expect(try drain(lenient).contains(.issue(issue)))
        let strict = try RecordingPlayer(
            source: ArraySampleSource(events: events), configuration: try PlayerConfiguration { $0.strict = true })
        #expect(throws: RecordingError.malformedLine(issue)) { try drain(strict) }
    }

    @Test func malformedLinesFromAFileAreReportedWithLineNumbers() throws {
        let text =
            TestSupport.canonicalHeader + "\n" + #"{"t":0,"type":"pressure","hPa":1000}"# + "\n{oops\n"
            + #"{"t":1,"type":"pressure","hPa":1001}"# + "\n"
        let reader = try RecordingReader(source: MemoryByteSource(text: text, name: "p.jsonl"))
        let events = try drain(try RecordingPlayer(source: reader))
        let issues = events.compactMap { if case .issue(let i) = $0 { i } else { nil } }
        #expect(issues.map(\.line) == [3] && issues[0].file == "p.jsonl")
        #expect(times(events) == [0, 1])
    }

    @Test func realTimePacingFollowsTheInjectedClock() throws {
        let clock = ManualPlaybackClock(startSeconds: 100)
        let config = try PlayerConfiguration {
            $0.reorderWindowSeconds = 0
            $0.speed = .realTime(factor: 2)
        }
        let player = try RecordingPlayer(
            source: ArraySampleSource([pressure(10), pressure(11), pressure(13), pressure(13)]),
            configuration: config, clock: clock)
        #expect(times(try drain(player)) == [10, 11, 13, 13])
        // At 2× speed, recording offsets 1 s and 3 s map to 0.5 s and 1.5 s after the start at clock 100;
        // the second sample at 13 s is already due and needs no wait.
        #expect(clock.sleeps == [100.5, 101.5])
        #expect(clock.now == 101.5)
    }

    @Test func realTimeWithoutAClockIsRejected() throws {
        let config = try PlayerConfiguration { $0.speed = .realTime(factor: 1) }
        #expect(throws: RecordingError.self) { try RecordingPlayer(source: ArraySampleSource([]), configuration: config) }
    }

    @Test func seekForwardAndBackward() throws {
        let samples = (0..<10).map { pressure(Double($0)) }
        let player = try RecordingPlayer(
            source: ArraySampleSource(samples), configuration: try PlayerConfiguration { $0.reorderWindowSeconds = 0 })
        try player.seek(toSeconds: 6.5)
        #expect(times(try drain(player)) == [7, 8, 9])
        #expect(player.report.skippedBySeek == 7)
        try player.seek(toSeconds: 2)
        #expect(times(try drain(player)) == [2, 3, 4, 5, 6, 7, 8, 9])

        let clock = ManualPlaybackClock()
        let paced = try RecordingPlayer(
            source: ArraySampleSource(samples),
            configuration: try PlayerConfiguration {
                $0.reorderWindowSeconds = 0
                $0.speed = .realTime(factor: 1)
            }, clock: clock)
        try paced.seek(toSeconds: 8)
        _ = try drain(paced)
        // Pacing starts at the seek target: no wait for 8, one second for 9.
        #expect(clock.sleeps == [1])
        #expect(throws: RecordingError.self) { try player.seek(toSeconds: .nan) }
    }

    @Test func stopEndsPlaybackCleanly() throws {
        let player = try RecordingPlayer(source: ArraySampleSource((0..<100).map { pressure(Double($0)) }))
        var seen: [Double] = []
        try player.play { event in
            if case .sample(let s) = event { seen.append(s.timeSeconds) }
            return seen.count == 3 ? .stop : .proceed
        }
        #expect(seen == [0, 1, 2])
        #expect(try player.next() == nil)
    }

    @Test func bufferIsBoundedByTheSampleCap() throws {
        // All 50 samples share one time, so the window never releases; the cap does.
        let config = try PlayerConfiguration {
            $0.reorderWindowSeconds = 10
            $0.maxBufferedSamples = 8
        }
        let player = try RecordingPlayer(source: ArraySampleSource((0..<50).map { pressure(1, Double($0)) }), configuration: config)
        let events = try drain(player)
        #expect(events.count == 50)
        #expect(player.report.peakBufferedSamples == 9)
        // Equal times keep arrival order.
        let order = events.compactMap { if case .sample(let s) = $0, case .pressure(let p) = s.reading { p } else { nil } }
        #expect(order == (0..<50).map(Double.init))
    }

    @Test func configurationIsValidated() throws {
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration { $0.reorderWindowSeconds = -1 } }
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration { $0.reorderWindowSeconds = .nan } }
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration { $0.maxBufferedSamples = 0 } }
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration { $0.speed = .realTime(factor: 0) } }
        #expect(throws: ConfigurationError.self) { try PlayerConfiguration { $0.speed = .realTime(factor: .infinity) } }
        // A value changed after validation is caught by the player, which names the field.
        var bad = PlayerConfiguration.standard
        bad.maxBufferedSamples = 0
        #expect(throws: RecordingError.invalidConfiguration(field: "maxBufferedSamples", message: "0 is outside 1 ... 10000000")) {
            try RecordingPlayer(source: ArraySampleSource([]), configuration: bad)
        }
        #expect(try PlayerConfiguration { $0.speed = .realTime(factor: 2) }.namedValues["realTimeFactor"] == 2)
        #expect(PlayerConfiguration.standard.reorderWindowSeconds == 30)
    }

    @Test func aWaypointWrittenTwentySecondsLateIsStillPlayedInOrder() throws {
        // As in ILC walk 5de8e4eb: inertial samples every 0.02 s, then a waypoint stamped 21.5 s earlier.
        var input = stride(from: 0.0, through: 40.0, by: 0.02).map { pressure($0) }
        input.append(SensorSample(timeSeconds: 18.5, reading: .groundTruth(GroundTruthPosition(location: .local(LocalPoint(x: 1, y: 2))))))
        input.append(pressure(40.5))
        let player = try RecordingPlayer(source: ArraySampleSource(input))
        let played = times(try drain(player))
        #expect(player.report.droppedLate == 0)
        #expect(played.count == input.count)
        #expect(played == played.sorted())
    }
}
