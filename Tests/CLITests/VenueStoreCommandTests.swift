import Foundation
import Testing

@Suite struct VenueStoreCommandTests {
    @Test func installListCheckUpdateRemove() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("venue").path, store = root.appendingPathComponent("store").path
        let generated = try CLIRunner.run([
            "venue", "generate", "--levels", "1", "--parking", "0", "--corridors", "1", "--size", "0.1",
            "-o", source,
        ])
        #expect(generated.status == 0, "\(generated.stderr)")
        let install = try CLIRunner.run(["venue", "store", "install", source, "--store", store])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed synthetic-1"), "\(install.stdout)")
        let list = try CLIRunner.run(["venue", "store", "list", "--store", store])
        #expect(list.stdout.hasPrefix("synthetic-1\tSynthetic Centre 1\t1.0.0\tfnv1a64:"), "\(list.stdout)")
        #expect(try CLIRunner.run(["venue", "store", "check", "synthetic-1", "--store", store]).stdout.contains("up to date"))
        // Regenerating with another seed changes the names, so the content.
        #expect(
            try CLIRunner.run([
                "venue", "generate", "--levels", "1", "--parking", "0", "--corridors", "1", "--size", "0.1",
                "--seed", "2", "-o", source, "--force",
            ]).status == 0)
        #expect(try CLIRunner.run(["venue", "store", "check", "synthetic-1", "--store", store]).stdout.contains("update available"))
        // The new seed also renames the venue, so updating refuses and keeps the installed one.
        let update = try CLIRunner.run(["venue", "store", "update", "synthetic-1", "--store", store])
        #expect(update.status == 1 && update.stderr.contains("synthetic-2"), "\(update.stderr)")
        #expect(try CLIRunner.run(["venue", "store", "remove", "synthetic-1", "--store", store]).status == 0)
        let gone = try CLIRunner.run(["venue", "store", "remove", "synthetic-1", "--store", store])
        #expect(gone.status == 1 && gone.stderr.contains("no venue 'synthetic-1'"), "\(gone.stderr)")
    }

    @Test func badArgumentsFailWithAMessage() throws {
        let root = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let store = root.path
        for args in [
            ["venue", "store"], ["venue", "store", "list"], ["venue", "store", "frob", "--store", store],
            ["venue", "store", "install", "--store", store], ["venue", "store", "install", root.path + "/none", "--store", store],
            ["venue", "store", "check", "nope", "--store", store], ["venue", "store", "remove", "../x", "--store", store],
            ["venue", "store", "list", "extra", "--store", store],
        ] {
            let r = try CLIRunner.run(args)
            // A missing or extra argument is a usage error (64); a store that refuses the request a failure (1).
            let refusedByTheStore = args.contains(root.path + "/none") || args.contains("nope") || args.contains("../x")
            #expect(r.status == (refusedByTheStore ? 1 : 64), "\(args) → \(r.status)")
            #expect(r.stderr.hasPrefix("indoornav: "), "\(args): \(r.stderr)")
        }
    }
}
