import Foundation
import IndoorCommandLine
import IndoorVenue

/// `indoornav venue store list|install|update|remove|check --store DIR [SOURCE|ID]` — venues installed
/// for offline use.
enum VenueStoreCommand {
    static let spec = CommandSpec(
        path: ["venue", "store"], summary: "venues installed for offline use: list, install, check, update, remove",
        inputs: Inputs.self,
        examples: ["venue store install Recordings/venues/campus --store /tmp/store", "venue store list --store /tmp/store"])

    struct Inputs: RunnableInputs {
        @Positional(
            PositionalSpec(
                name: "list|install|check|update|remove",
                help:
                    "list: installed venues (id, name, version, content hash, install time); install SOURCE: copy a venue folder in (reinstalls the same id); check ID: whether its source folder changed; update ID: reinstall when it changed; remove ID: delete it"
            ))
        var action: String
        @Positional(PositionalSpec(name: "SOURCE|ID", help: "the venue folder to install, or an installed venue's id", isRequired: false))
        var target: String?
        @Option(.value("--store", "DIR", "the store directory", example: "--store ~/.indoornav/venues", required: true))
        var directory: String

        /// The SOURCE or ID argument an action needs.
        func target(_ what: String) throws(UsageError) -> String {
            guard let target else { throw UsageError("missing \(what)") }
            return target
        }

        func run() throws -> Int32 {
            let store = VenueStore(directory: directory, clock: { Date().timeIntervalSince1970 })
            switch action {
            case "list":
                if let target { throw UsageError("unexpected argument '\(target)'") }
                let entries = try store.list()
                if entries.isEmpty { print("no venues installed in \(directory)") }
                for e in entries {
                    let installed = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: e.installedAtUnixSeconds))
                    print([e.id, e.name, e.version ?? "-", e.contentHash, installed].joined(separator: "\t"))
                }
            case "install":
                let source = try target("SOURCE folder")
                let e = try store.install(from: source)
                print("installed \(e.id) (\(e.name), version \(e.version ?? "-")) \(e.contentHash)")
            case "check":
                let id = try target("venue ID")
                let check = try store.checkForUpdate(id: id)
                print(
                    check.isUpdateAvailable
                        ? "\(id): update available (installed \(check.installedHash), source \(check.sourceHash))"
                        : "\(id): up to date (\(check.installedHash))")
            case "update":
                let id = try target("venue ID")
                print(try store.update(id: id) ? "\(id): updated" : "\(id): already up to date")
            case "remove":
                let id = try target("venue ID")
                try store.remove(id: id)
                print("\(id): removed")
            default:
                throw UsageError("venue store: unknown action '\(action)' (list, install, check, update, remove)")
            }
            return 0
        }
    }
}
