import Foundation
import IndoorGeometry
import IndoorJSON
import Testing

@testable import IndoorVenue

/// A stub venue format for store tests: `venue.json` with `id`, `name`, `version`.
enum StubVenueFormat {
    @Sendable static func load(_ folder: String) throws(VenueError) -> Venue {
        let path = folder + "/venue.json"
        guard let data = FileManager.default.contents(atPath: path) else { throw .missingFile(path: path) }
        let value: JSONValue
        do { value = try JSONParser().parse(data).value } catch {
            throw .malformedJSON(path: path, line: error.position.line, column: error.position.column, reason: error.message)
        }
        guard let id = value["id"]?.string else { throw .invalidFeature(SourceLocation(file: path, field: "id"), problem: "missing") }
        return Venue(
            id: id, name: LocalizedName(value["name"]?.string ?? "", language: "en"), defaultLanguage: "en",
            frame: LocalFrame(reference: GeoCoordinate(latitudeDegrees: 0, longitudeDegrees: 0)), buildings: [],
            levels: [], spaces: [], openings: [], pois: [], connectors: [], graph: .empty, version: value["version"]?.string)
    }
}

/// Temporary source and store folders.
struct StoreFixture {
    let root: String
    var source: String { root + "/source" }
    var storePath: String { root + "/store" }

    init(id: String = "mall", version: String = "1.0") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)").path
        try write("source/venue.json", "{\"id\": \"\(id)\", \"name\": \"Mall\", \"version\": \"\(version)\"}")
        try write("source/levels/level.geojson", "{\"type\": \"FeatureCollection\", \"features\": []}")
        try write("source/.DS_Store", "hidden")
    }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func store(at time: Double = 1_700_000_000.5) -> VenueStore {
        VenueStore(directory: storePath, clock: { time }, loader: StubVenueFormat.load)
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
}

@Suite struct VenueStoreTests {
    @Test func installCopiesAndRecords() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let entry = try f.store().install(from: f.source)
        #expect(entry.id == "mall" && entry.name == "Mall" && entry.version == "1.0")
        #expect(entry.sourcePath == f.source)
        #expect(entry.installedAtUnixSeconds == 1_700_000_000.5)
        #expect(entry.contentHash == (try VenueContentHash.of(folder: f.source)))
        let copy = f.storePath + "/mall/mall"
        #expect(
            FileManager.default.contents(atPath: copy + "/levels/level.geojson")
                == FileManager.default.contents(atPath: f.source + "/levels/level.geojson"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/.DS_Store"))
        #expect(try f.store().list() == [entry])
        #expect(try f.store().load(id: "mall").version == "1.0")
        // The entry file reads back the same, and no staging folder is left behind.
        #expect(try VenueStore.Entry.read(f.storePath + "/mall/store-entry.json") == entry)
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.storePath) == ["mall"])
    }

    @Test func checkAndUpdateFollowSourceEdits() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let first = try f.store().install(from: f.source)
        #expect(try f.store().checkForUpdate(id: "mall").isUpdateAvailable == false)
        #expect(try f.store(at: 5).update(id: "mall") == false)
        // Hidden files are not content.
        try f.write("source/.DS_Store", "changed")
        #expect(try f.store().checkForUpdate(id: "mall").isUpdateAvailable == false)
        try f.write("source/levels/level.geojson", "{\"type\": \"FeatureCollection\", \"features\": [ ]}")
        let check = try f.store().checkForUpdate(id: "mall")
        #expect(check.isUpdateAvailable)
        #expect(check.installedHash == first.contentHash)
        #expect(try f.store(at: 2_000_000_000).update(id: "mall"))
        let updated = try f.store().entry(id: "mall")
        #expect(updated.contentHash == check.sourceHash && updated.contentHash != first.contentHash)
        #expect(updated.installedAtUnixSeconds == 2_000_000_000)
        #expect(try f.store().checkForUpdate(id: "mall").isUpdateAvailable == false)
    }

    @Test func checkDoesNotParseTheVenue() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.store().install(from: f.source)
        try f.write("source/venue.json", "{ this is not JSON")
        let strict = VenueStore(
            directory: f.storePath, clock: { 0 },
            loader: { _ throws(VenueError) in
                throw .unsupportedFormat(path: "-", reason: "the loader must not run")
            })
        #expect(try strict.checkForUpdate(id: "mall").isUpdateAvailable)
        // Updating does load, and a source that no longer loads leaves the installed copy alone.
        #expect(throws: VenueStoreError.self) { try f.store().update(id: "mall") }
        #expect(try f.store().load(id: "mall").id == "mall")
    }

    @Test func removeThenNotFound() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.store().install(from: f.source)
        try f.store().remove(id: "mall")
        #expect(try f.store().list().isEmpty)
        #expect(throws: VenueStoreError.notFound(id: "mall", storePath: f.storePath)) { try f.store().remove(id: "mall") }
        #expect(throws: VenueStoreError.notFound(id: "mall", storePath: f.storePath)) { try f.store().load(id: "mall") }
        #expect(throws: VenueStoreError.notFound(id: "mall", storePath: f.storePath)) { try f.store().checkForUpdate(id: "mall") }
    }

    @Test func emptyOrMissingStoreListsNothing() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        #expect(try f.store().list().isEmpty)
    }

    @Test(arguments: [
        ("{\"format\": 1, \"id\": \"mall\"", "line 1"),
        (
            "{\"format\": 1, \"id\": \"mall\", \"name\": \"Mall\", \"version\": null, \"source_path\": \"/x\", \"installed_at_unix_s\": 1}",
            "content_hash"
        ),
        (
            "{\"format\": 1, \"id\": \"other\", \"name\": \"Mall\", \"version\": null, \"source_path\": \"/x\", \"installed_at_unix_s\": 1, \"content_hash\": \"fnv1a64:0123456789abcdef\"}",
            "does not match"
        ),
        (
            "{\"format\": 1, \"id\": \"mall\", \"name\": 3, \"version\": null, \"source_path\": \"/x\", \"installed_at_unix_s\": 1, \"content_hash\": \"fnv1a64:0123456789abcdef\"}",
            "name"
        ),
        (
            "{\"format\": 1, \"id\": \"mall\", \"name\": \"M\", \"version\": 2, \"source_path\": \"/x\", \"installed_at_unix_s\": 1, \"content_hash\": \"fnv1a64:0123456789abcdef\"}",
            "version"
        ),
        (
            "{\"format\": 1, \"id\": \"mall\", \"name\": \"M\", \"version\": null, \"source_path\": \"/x\", \"installed_at_unix_s\": \"now\", \"content_hash\": \"fnv1a64:0123456789abcdef\"}",
            "installed_at_unix_s"
        ),
        (
            "{\"format\": 1, \"id\": \"mall\", \"name\": \"M\", \"version\": null, \"source_path\": \"/x\", \"installed_at_unix_s\": 1, \"content_hash\": \"md5:00\"}",
            "content_hash"
        ),
        ("{\"format\": 7}", "format"), ("[]", "object"), ("", "line 1"),
    ])
    func corruptEntryIsReportedWithItsPath(text: String, expected: String) throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.store().install(from: f.source)
        try f.write("store/mall/store-entry.json", text)
        let entryPath = f.storePath + "/mall/store-entry.json"
        for operation in [{ _ = try f.store().list() }, { _ = try f.store().entry(id: "mall") }, { _ = try f.store().load(id: "mall") }] {
            do {
                try operation()
                Issue.record("accepted a corrupt entry")
            } catch let error as VenueStoreError {
                guard case .corruptEntry(let path, let reason) = error else { Issue.record("got \(error)"); continue }
                #expect(path == entryPath)
                #expect(reason.contains(expected), "\(reason)")
            }
        }
        // A corrupt venue can still be removed.
        try f.store().remove(id: "mall")
        #expect(try f.store().list().isEmpty)
    }

    @Test func missingSourceFolder() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        #expect(throws: VenueStoreError.sourceMissing(path: f.root + "/nowhere")) { try f.store().install(from: f.root + "/nowhere") }
        try f.store().install(from: f.source)
        try FileManager.default.removeItem(atPath: f.source)
        #expect(throws: VenueStoreError.sourceMissing(path: f.source)) { try f.store().checkForUpdate(id: "mall") }
        #expect(throws: VenueStoreError.sourceMissing(path: f.source)) { try f.store().update(id: "mall") }
        #expect(try f.store().load(id: "mall").id == "mall")
    }

    @Test func venueThatFailsToLoadIsNotInstalled() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.write("source/venue.json", "{\"name\": \"no id\"}")
        do {
            try f.store().install(from: f.source)
            Issue.record("installed a venue that does not load")
        } catch {
            guard case .venue(.invalidFeature(let location, _)) = error else { Issue.record("got \(error)"); return }
            #expect(location.field == "id")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.storePath).isEmpty)
    }

    @Test(arguments: ["../escape", ".hidden", "a/b", ""])
    func unsafeVenueIDsAreRejected(id: String) throws {
        let f = try StoreFixture(id: id)
        defer { f.remove() }
        #expect(throws: VenueStoreError.self) { try f.store().install(from: f.source) }
        #expect(throws: VenueStoreError.self) { try f.store().remove(id: id) }
        #expect(FileManager.default.fileExists(atPath: f.source + "/venue.json"))
    }

    @Test func updateRefusesAnotherVenue() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.store().install(from: f.source)
        try f.write("source/venue.json", "{\"id\": \"airport\", \"name\": \"Airport\"}")
        #expect(throws: VenueStoreError.venueIDChanged(installed: "mall", source: "airport", sourcePath: f.source)) {
            try f.store().update(id: "mall")
        }
        #expect(try f.store().list().map(\.id) == ["mall"])
    }
}

@Suite struct VenueStoreILCTests {
    /// ILC sites take their id from the folder name; the installed copy keeps it.
    @Test func folderNamedVenueKeepsItsID() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try site.write(ILCSiteFixture.Floor(name: "F1"))
        let storePath = site.path + "-store"
        defer { try? FileManager.default.removeItem(atPath: storePath) }
        let store = VenueStore(
            directory: storePath, clock: { 0 }, loader: { path throws(VenueError) in try ILCVenueLoader.load(path: path) })
        let entry = try store.install(from: site.path)
        #expect(entry.id == site.root.lastPathComponent)
        #expect(try store.load(id: entry.id).id == entry.id)
        #expect(try store.load(id: entry.id).levels.map(\.id) == ["F1"])
    }
}

@Suite struct VenueStoreDefaultLoaderTests {
    /// The default loader reads ILC sites and gives them a derived graph.
    @Test func ilcSiteGetsADerivedGraph() throws {
        let site = try ILCSiteFixture()
        defer { site.remove() }
        try site.write(ILCSiteFixture.Floor(name: "F1", shops: [ILCSiteFixture.shop(id: "s", name: "Tea", lon: 120.0750, lat: 30.2930)]))
        let storePath = site.path + "-store"
        defer { try? FileManager.default.removeItem(atPath: storePath) }
        let store = VenueStore(directory: storePath, clock: { 0 })
        let entry = try store.install(from: site.path)
        let venue = try store.load(id: entry.id)
        #expect(venue.graph.source == .derived)
        #expect(venue.graph.nodes.count > 100)
        // No grid node inside the shop.
        let shop = try venue.space("s")
        #expect(!venue.graph.nodes.contains { shop.polygon.contains($0.point) && $0.kind == .waypoint })
    }
}

/// A store entry (the summary of an installed venue) through `Codable` is its entry file.
@Suite struct VenueStoreEntryCodableTests {
    @Test func entryRoundTripsAsItsFileFormat() throws {
        let entry = VenueStore.Entry(
            id: "campus", name: "Campus", version: "2.1", sourcePath: "/data/campus",
            contentHash: "fnv1a64:0123456789abcdef", installedAtUnixSeconds: 1_700_000_000.5)
        let data = try JSONEncoder().encode(entry)
        #expect(try JSONDecoder().decode(VenueStore.Entry.self, from: data) == entry)
        let members = try #require(try JSONParser().parse(data).value.object)
        #expect(
            members == [
                "format": 1, "id": "campus", "name": "Campus", "version": "2.1", "source_path": "/data/campus",
                "content_hash": "fnv1a64:0123456789abcdef", "installed_at_unix_s": 1_700_000_000.5,
            ])
        let unversioned = VenueStore.Entry(
            id: "x", name: "", version: nil, sourcePath: "s", contentHash: "fnv1a64:0000000000000000",
            installedAtUnixSeconds: 0)
        #expect(try JSONDecoder().decode(VenueStore.Entry.self, from: JSONEncoder().encode(unversioned)) == unversioned)
    }

    @Test func badHashIsADecodingError() {
        let text = #"{"format":1,"id":"x","name":"","version":null,"source_path":"s","content_hash":"md5:1","installed_at_unix_s":0}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(VenueStore.Entry.self, from: Data(text.utf8)) }
    }
}
