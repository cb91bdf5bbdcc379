import Testing
@testable import Simulation

@Suite struct SimulationModuleTests {
    @Test func moduleBuilds() { #expect(String(describing: SimulationModule.self) == "SimulationModule") }
}
