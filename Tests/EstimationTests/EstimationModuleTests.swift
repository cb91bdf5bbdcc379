import Testing
@testable import Estimation

@Suite struct EstimationModuleTests {
    @Test func moduleLinksAgainstGSL() { #expect(EstimationModule.self == EstimationModule.self) }
}
