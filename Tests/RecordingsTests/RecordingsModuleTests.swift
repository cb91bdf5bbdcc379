import Testing
@testable import Recordings

@Suite struct RecordingsModuleTests {
    @Test func moduleLinksAgainstGSL() { #expect(RecordingsModule.self == RecordingsModule.self) }
}
