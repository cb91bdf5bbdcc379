import Foundation
import IndoorRouting
import IndoorVenue
import Testing

// readme-example:begin
/// Plans a route between two places of a venue and returns its instructions as text.
func directions(venuePath: String, from origin: String, to destination: String) throws -> String {
    let venue = try VenueLoader.load(path: venuePath)  // a folder or .zip: IMDF, ILC site, authored graph
    let request = RouteRequest(from: .feature(id: origin), to: .feature(id: destination))
    let response = try IndoorRouter(venue: venue).route(request)  // response.route is nil when none exists
    let writer = InstructionWriter(language: "en", units: .metric)
    return RouteJSON.text(response, writer: writer)  // RouteJSON.encode(response, venue:) for JSON
}
// readme-example:end

/// The README's "Embed it" example compiles, runs, and is the code in the README.
@Suite struct EmbedExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theExamplePlansARoute() throws {
        let text = try directions(
            venuePath: Self.root.appendingPathComponent("Recordings/venues/campus").path,
            from: "am-info", to: "occ-deans-office")
        #expect(text.hasPrefix("route: "), "\(text)")
        #expect(text.contains("section 1"), "\(text)")
    }

    @Test func theReadmeShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let begin = try #require(source.range(of: "// readme-example:begin\n"))
        let end = try #require(source.range(of: "// readme-example:end"))
        let code = String(source[begin.upperBound..<end.lowerBound])
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(code), "README.md's \"Embed it\" example differs from Tests/IndoorRoutingTests/EmbedExampleTests.swift")
    }
}
