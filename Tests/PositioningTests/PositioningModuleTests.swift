import Testing
@testable import Positioning

@Suite struct PositioningModuleTests {
    @Test func moduleLinksAgainstGSL() { #expect(PositioningModule.self == PositioningModule.self) }
}
