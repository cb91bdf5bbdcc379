import IndoorVenue
import Testing
import VenueFixtures

@testable import IndoorNavigation

@Suite struct DestinationTests {
    let catalog = DestinationCatalog(venue: ScenarioVenues.corridorGrid())

    @Test func searchByNameInAnyLanguageAndByCategory() {
        #expect(catalog.search("raum 101", language: "en").map(\.id) == ["poi-101"])
        // Rooms 1, 11, 12, 13 on F0 and all six (101–113) on F1 start with "Room 1".
        #expect(catalog.search("room 1", language: "en").count == 10)
        #expect(catalog.search("CAFETERIA", language: "en").map(\.id) == ["cafe"])
        // Diacritics are folded: "cafetéria" (French) matches too.
        #expect(catalog.search("cafetéria", language: "fr").first?.name == "Cafétéria")
        #expect(catalog.search("meeting", language: "en").count == 6)
        #expect(catalog.search("zzz", language: "en").isEmpty)
    }

    @Test func namesFallBackToTheDefaultLanguage() {
        let cafe = catalog.search("cafeteria", language: "de").first
        #expect(cafe?.name == "Cafeteria")  // no German name: the venue default (en)
        #expect(catalog.search("101", language: "de").first?.name == "Raum 101")
    }

    @Test func universeFilter() {
        // Rooms 111–113 on F1 are staff-only.
        #expect(catalog.all(language: "en", universe: "public").contains { $0.id == "poi-111" } == false)
        #expect(catalog.all(language: "en", universe: "staff").contains { $0.id == "poi-111" })
        #expect(catalog.all(language: "en").count == catalog.all(language: "en", universe: "staff").count)
    }

    @Test func deepLinkParsesAndResolves() throws {
        let venue = ScenarioVenues.corridorGrid()
        let link = try NavigationDeepLink(url: "indoornav://navigate?placeId=scenario-office&sectionId=F1&poiId=default:poi-111&x=1")
        #expect(link == NavigationDeepLink(placeID: "scenario-office", sectionID: "F1", poiID: "default:poi-111"))
        let selection = try link.resolve(in: venue, language: "de")
        #expect(selection.destination?.id == "poi-111")
        #expect(selection.destination?.name == "Raum 111")
        #expect(selection.levelID == "F1")
        #expect(try NavigationDeepLink(sectionID: "HQ").resolve(in: venue, language: "en").levelID == "F0")
        // A building section holds every level of the building: room 111 (F1) is in HQ.
        #expect(try NavigationDeepLink(sectionID: "HQ", poiID: "poi-111").resolve(in: venue, language: "en").levelID == "F1")
        #expect(try link.navigationDestination(in: venue) == .feature(id: "poi-111"))
    }

    /// Room 111 is on F1: a link that puts it in section F0 is contradictory, not silently F1.
    @Test func aPOIOutsideItsSectionIsAnError() throws {
        let venue = ScenarioVenues.corridorGrid()
        let link = NavigationDeepLink(sectionID: "F0", poiID: "default:poi-111")
        #expect(
            throws: NavigationError.invalidDeepLink(field: "poiId", reason: "POI 'default:poi-111' is on level 'F1', not in section 'F0'")
        ) {
            try link.resolve(in: venue, language: "en")
        }
        #expect(throws: NavigationError.self) { try link.navigationDestination(in: venue) }
    }

    @Test func malformedDeepLinksAreTypedErrors() throws {
        let venue = ScenarioVenues.corridorGrid()
        #expect(throws: NavigationError.invalidDeepLink(field: "url", reason: "'not a link' is not a URL")) {
            try NavigationDeepLink(url: "not a link")
        }
        #expect(throws: NavigationError.invalidDeepLink(field: "sectionId", reason: "given more than once")) {
            try NavigationDeepLink(url: "a://b?sectionId=F0&sectionId=F1")
        }
        #expect(throws: NavigationError.invalidDeepLink(field: "placeId", reason: "empty value")) {
            try NavigationDeepLink(url: "a://b?placeId")
        }
        // A link without a POI selects a level but is no destination.
        #expect(throws: NavigationError.invalidDeepLink(field: "poiId", reason: "a destination link needs a poiId")) {
            try NavigationDeepLink(url: "a://navigate?sectionId=F1").navigationDestination(in: venue)
        }
        #expect(NavigationDeepLink.looksLikeLink("indoornav://navigate?poiId=cafe"))
        #expect(!NavigationDeepLink.looksLikeLink("cafe") && !NavigationDeepLink.looksLikeLink("3,4@F0"))
    }

    @Test func badDeepLinksAreTypedErrors() throws {
        let venue = ScenarioVenues.corridorGrid()
        #expect(throws: NavigationError.invalidDeepLink(field: "poiId", reason: "empty value")) {
            try NavigationDeepLink(url: "a://b?poiId=")
        }
        #expect(throws: NavigationError.self) { try NavigationDeepLink(url: "a://b?poiId=1&poiId=2") }
        #expect(throws: NavigationError.self) { try NavigationDeepLink(placeID: "other").resolve(in: venue, language: "en") }
        #expect(throws: NavigationError.self) { try NavigationDeepLink(sectionID: "F9").resolve(in: venue, language: "en") }
        #expect(throws: NavigationError.self) { try NavigationDeepLink(poiID: "console:none").resolve(in: venue, language: "en") }
    }

    @Test func deepLinkAppliesToTheFirstPickOnly() throws {
        let selection = try NavigationDeepLink(poiID: "cafe").resolve(in: ScenarioVenues.corridorGrid(), language: "en")
        var picker = DestinationPicker(deepLink: selection)
        #expect(picker.hasPendingSelection)
        #expect(picker.beginPick()?.destination?.id == "cafe")
        #expect(picker.beginPick() == nil)
        #expect(!picker.hasPendingSelection)
    }

    @Test func destinationsStartNavigation() throws {
        let venue = ScenarioVenues.corridorGrid()
        let session = try NavigationSession(venue: venue)
        let target = try #require(DestinationCatalog(venue: venue).search("cafeteria", language: "en").first)
        let events = try session.startNavigation(to: target.navigationDestination, from: fix(0, 0, "F0", t: 0))
        #expect(events.first == .started(destinationID: "cafe", route: try #require(session.route)))
        #expect(session.route?.sections.last?.arrival.levelID == "F1")
    }
}
