import Foundation
import Testing

@testable import IndoorVenue

@Suite struct VenueStoreHashTests {
    /// Published FNV-1a 64 test vectors.
    @Test func fnv1aReferenceVectors() {
        for (text, expected) in [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")] {
            var h = FNV1a64()
            h.combine(Array(text.utf8))
            #expect(h.hexDigest == expected, "\(text)")
        }
    }

    /// The folder hash equals FNV-1a over the documented byte stream, built here by hand.
    @Test func folderHashFollowsTheDocumentedLayout() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let files = [
            ("levels/level.geojson", "{\"type\": \"FeatureCollection\", \"features\": []}"),
            ("venue.json", "{\"id\": \"mall\", \"name\": \"Mall\", \"version\": \"1.0\"}"),
        ]
        var stream: [UInt8] = []
        for (path, text) in files {
            stream += Array(path.utf8) + [0]
            var size = UInt64(text.utf8.count)
            for _ in 0..<8 { stream.append(UInt8(size & 0xFF)); size >>= 8 }
            stream += Array(text.utf8)
        }
        // Reference FNV-1a 64, written out again here.
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in stream { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        let hex = String(h, radix: 16)
        #expect(try VenueContentHash.of(folder: f.source) == "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex)
    }

    @Test func renamingAFileChangesTheHash() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let before = try VenueContentHash.of(folder: f.source)
        try FileManager.default.moveItem(atPath: f.source + "/levels/level.geojson", toPath: f.source + "/levels/levels.geojson")
        #expect(try VenueContentHash.of(folder: f.source) != before)
    }

    @Test func missingFolderIsAFileSystemError() {
        #expect(throws: VenueStoreError.self) { try VenueContentHash.of(folder: "/nonexistent-\(UUID().uuidString)") }
    }
}
