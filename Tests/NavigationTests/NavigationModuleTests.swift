import Testing
@testable import Navigation

@Suite struct NavigationModuleTests {
    @Test func moduleBuilds() { #expect(String(describing: NavigationModule.self) == "NavigationModule") }
}
