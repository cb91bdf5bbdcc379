import Testing
@testable import RerouteService

@Suite struct RerouteServiceModuleTests {
    @Test func moduleBuilds() { #expect(String(describing: RerouteServiceModule.self) == "RerouteServiceModule") }
}
