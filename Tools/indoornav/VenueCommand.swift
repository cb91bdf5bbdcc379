import Foundation
import IndoorGeometry
import Venue

/// `indoornav venue …`
enum VenueCommand {
    static let subcommands: [String: @Sendable (inout Arguments) throws -> Int32] = [
        "inspect": VenueInspectCommand.run,
        "validate": VenueValidateCommand.run,
        "at": VenueAtCommand.run,
        "graph": VenueGraphCommand.run,
        "render": VenueRenderCommand.run,
        "generate": VenueGenerateCommand.run,
        "store": VenueStoreCommand.run,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        guard let sub = args.nextPositional(), let command = subcommands[sub] else {
            throw UsageError("venue: expected one of \(subcommands.keys.sorted().joined(separator: ", "))")
        }
        return try command(&args)
    }
}
