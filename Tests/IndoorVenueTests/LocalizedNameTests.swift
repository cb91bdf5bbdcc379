import Testing

@testable import IndoorVenue

@Suite struct LocalizedNameTests {
    let name = LocalizedName(["ru": "Этаж 2", "en": "Level 2", "fr": "Niveau 2"])

    @Test func preferredThenDefaultThenAny() {
        #expect(name.resolved(preferred: ["fr"], defaultLanguage: "en") == "Niveau 2")
        #expect(name.resolved(preferred: ["de"], defaultLanguage: "ru") == "Этаж 2")
        #expect(name.resolved(preferred: ["en-GB"], defaultLanguage: "ru") == "Level 2")
        #expect(name.resolved(preferred: ["de"], defaultLanguage: "es") == "Level 2")  // any: first code "en"
        #expect(LocalizedName().resolved(preferred: ["en"]) == nil)
    }
}
