import Foundation
import IndoorJSON
import Testing

/// Commands that walk folders of recordings follow symbolic links (a data set linked into a work
/// folder, or one floor of it).
@Suite struct FolderLinkTests {
    /// `eval LINK` where LINK is a link to a folder, and `eval DIR` where a floor folder inside DIR is
    /// a link, both score the walk; a link back up the tree does not loop.
    @Test func evalFollowsLinks() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = FileManager.default
        let floor = root.appendingPathComponent("site/F1")
        try manager.createDirectory(at: floor, withIntermediateDirectories: true)
        try manager.copyItem(
            at: CLIRunner.packageRoot.appendingPathComponent("Recordings/samples/ilc-site1-B1-5ddb8a08.txt"),
            to: floor.appendingPathComponent("walk.txt"))
        let linkedSite = root.appendingPathComponent("linked-site")
        try manager.createSymbolicLink(at: linkedSite, withDestinationURL: root.appendingPathComponent("site"))
        let work = root.appendingPathComponent("work")
        try manager.createDirectory(at: work, withIntermediateDirectories: true)
        try manager.createSymbolicLink(at: work.appendingPathComponent("f1"), withDestinationURL: floor)
        try manager.createSymbolicLink(at: floor.appendingPathComponent("loop"), withDestinationURL: root.appendingPathComponent("site"))
        for path in [linkedSite.path, work.path] {
            let r = try CLIRunner.run(["eval", path, "--json"])
            #expect(r.status == 0, "\(path): \(r.stderr)")
            #expect(r.json?["files"]?.array?.count == 1, "\(path): \(r.stdout.prefix(300))")
        }
    }
}
