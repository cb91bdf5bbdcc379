import Foundation
import IndoorRerouteService
import IndoorVenue
import Testing

/// `.zip` IMDF archives beside venue folders are served like the folders.
@Suite struct ZipCatalogTests {
    @Test func aZipBesideTheFoldersIsLoaded() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let directory = NSTemporaryDirectory() + "indoornav-zip-catalog-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.currentDirectoryURL = URL(fileURLWithPath: root + "/Tests/IndoorVenueTests/Fixtures/messy-two-buildings")
        zip.arguments = ["-q", "-r", directory + "/two-buildings.zip", "."]
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
        try FileManager.default.copyItem(atPath: root + "/Recordings/venues/campus", toPath: directory + "/campus")
        let catalog = try VenueCatalog.load(directory: directory)
        #expect(catalog.ids == ["campus", "venue"])
        #expect(catalog["venue"]?.venue.levels.map(\.id).sorted() == ["A0", "A1", "B0"])
    }
}
