import Foundation
import Testing
import VenueFixtures

@testable import IndoorRerouteService

/// Loading the served venues from disk.
@Suite struct VenueCatalogTests {
    /// The package root, three levels up from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test func loadsTheBundledCampusFromADirectoryOfVenues() throws {
        let catalog = try VenueCatalog.load(directory: Self.packageRoot + "/Recordings/venues")
        #expect(catalog.ids == ["campus"])
        let campus = try #require(catalog["campus"])
        #expect(!campus.venue.graph.edges.isEmpty)
        // A single venue folder works too.
        #expect(try VenueCatalog.load(directory: Self.packageRoot + "/Recordings/venues/campus").ids == ["campus"])
    }

    /// A loaded venue builds its routing for default requests (hierarchy, fastest-walking customization,
    /// route assembly lookups) in the background, without any route request; a venue served without
    /// that stays unbuilt.
    @Test func routingIsPreparedInTheBackgroundWithoutARoute() async throws {
        let catalog = try VenueCatalog.load(directory: Self.packageRoot + "/Recordings/venues/campus")
        let campus = try #require(catalog["campus"])
        let unprepared = ServedVenue(venue: campus.venue, preparesRoutes: false)
        let deadline = ContinuousClock.now + .seconds(60)
        while !campus.isRoutingPrepared, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(campus.isRoutingPrepared, "not prepared within 60 s")
        #expect(campus.index.hierarchyCache?.currentTimings.customizations == 1)
        #expect(!unprepared.isRoutingPrepared)
        #expect(unprepared.index.hierarchyCache?.currentTimings.customizations == 0)
    }

    @Test func missingEmptyAndDuplicateAreTypedErrors() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("indoornav-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: ServiceError.self) { _ = try VenueCatalog.load(directory: empty) }
        #expect(throws: ServiceError.self) { _ = try VenueCatalog.load(directory: empty + "/missing") }
        #expect(throws: ServiceError.self) { _ = try VenueCatalog(venues: [TestVenues.golden(), TestVenues.golden()]) }
    }
}
