import IndoorGeometry
import IndoorPositioning
import Testing

@testable import IndoorNavigation

@Suite struct FollowUserTests {
    func controller() throws -> FollowUserController {
        try FollowUserController(camera: CameraState(center: .zero, zoom: 15, displayedLevelID: "L0"))
    }

    @Test func followCentresOnTheUserAndZoomsIn() throws {
        var c = try controller()
        #expect(c.handle(.setMode(.follow)) == [.modeChanged(from: .none, to: .follow, reason: .requested)])
        #expect(c.camera.zoom == 19)
        _ = c.handle(.location(fix(10, 5, "L0", t: 1)))
        #expect(c.camera.center == LocalPoint(x: 10, y: 5))
    }

    @Test func noneDoesNotMoveTheCamera() throws {
        var c = try controller()
        _ = c.handle(.location(fix(10, 5, "L0", t: 1)))
        #expect(c.camera.center == .zero)
    }

    @Test func gesturesDropToNone() throws {
        for gesture in [FollowUserInput.pan(to: LocalPoint(x: 3, y: 3)), .zoom(to: 17), .rotate(toRadians: 1)] {
            var c = try controller()
            _ = c.handle(.setMode(.follow))
            #expect(c.handle(gesture) == [.modeChanged(from: .follow, to: .none, reason: .gesture)])
            #expect(c.mode == .none)
        }
    }

    @Test func choosingAnotherLevelDropsToNoneButTheUsersLevelDoesNot() throws {
        var c = try controller()
        _ = c.handle(.setMode(.follow))
        _ = c.handle(.location(fix(1, 1, "L0", t: 1)))
        #expect(c.handle(.selectLevel("L0")).isEmpty)
        #expect(c.mode == .follow)
        let events = c.handle(.selectLevel("L1"))
        #expect(events.contains(.displayedLevelChanged(from: "L0", to: "L1")))
        #expect(events.contains(.modeChanged(from: .follow, to: .none, reason: .levelSelected)))
    }

    @Test func headingModeFallsBackWithoutReliableHeadingAndReturns() throws {
        var c = try controller()
        _ = c.handle(.location(fix(0, 0, "L0", t: 0, heading: 1.0, headingAccuracy: 0.1)))
        _ = c.handle(.setMode(.followWithHeading))
        #expect(c.mode == .followWithHeading)
        #expect(abs(c.camera.bearingRadians - 1.0) < 1e-12)
        // A poor heading: back to follow.
        let poor = c.handle(.heading(radians: 2.0, accuracyRadians: 1.2, timeSeconds: 1))
        #expect(poor == [.modeChanged(from: .followWithHeading, to: .follow, reason: .headingUnreliable)])
        // A good one again: heading mode returns.
        let good = c.handle(.heading(radians: 2.0, accuracyRadians: 0.2, timeSeconds: 2))
        #expect(good == [.modeChanged(from: .follow, to: .followWithHeading, reason: .headingReliable)])
        // A stale heading (older than 5 s by the location clock) is not reliable.
        let stale = c.handle(.location(fix(0, 0, "L0", t: 10)))
        #expect(stale.contains(.modeChanged(from: .followWithHeading, to: .follow, reason: .headingUnreliable)))
    }

    @Test func headingRequestWithoutHeadingStartsInFollow() throws {
        var c = try controller()
        #expect(c.handle(.setMode(.followWithHeading)) == [.modeChanged(from: .none, to: .follow, reason: .requested)])
        #expect(c.wantsHeading)
    }

    @Test func followingAcrossAConnectorSwitchesTheDisplayedLevel() throws {
        var c = try controller()
        _ = c.handle(.setMode(.follow))
        _ = c.handle(.location(fix(35, 20, "L0", t: 1)))
        let events = c.handle(.location(fix(35, 20, "L1", t: 30)))
        #expect(events == [.displayedLevelChanged(from: "L0", to: "L1")])
        #expect(c.camera.displayedLevelID == "L1")
    }

    @Test func recenterAndModeButtonCycle() throws {
        var c = try controller()
        _ = c.handle(.location(fix(0, 0, "L0", t: 0, heading: 0.5, headingAccuracy: 0.1)))
        #expect(c.handle(.modeButton) == [.modeChanged(from: .none, to: .follow, reason: .requested)])
        #expect(c.handle(.modeButton) == [.modeChanged(from: .follow, to: .followWithHeading, reason: .requested)])
        #expect(c.handle(.modeButton) == [.modeChanged(from: .followWithHeading, to: .follow, reason: .requested)])
        _ = c.handle(.pan(to: LocalPoint(x: 50, y: 50)))
        #expect(c.handle(.recenter) == [.modeChanged(from: .none, to: .follow, reason: .requested)])
        #expect(c.camera.center == .zero)
    }

    @Test func configurationIsValidated() {
        var config = FollowUserConfiguration.standard
        config.followZoom = .nan
        #expect(throws: NavigationError.self) { try FollowUserController(camera: CameraState(center: .zero), configuration: config) }
    }
}
