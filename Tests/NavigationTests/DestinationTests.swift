import Testing
import Venue
import VenueFixtures
@testable import Navigation

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
        let link = try NavigationDeepLink(url: "indoornav://navigate?placeId=scenario-office&sectionId=F0&poiId=default:poi-111&x=1")
        #expect(link == NavigationDeepLink(placeID: "scenario-office", sectionID: "F0", poiID: "default:poi-111"))
        let selection = try link.resolve(in: venue, language: "de")
        #expect(selection.destination?.id == "poi-111")
        #expect(selection.destination?.name == "Raum 111")
        #expect(selection.levelID == "F1")  // the POI's level wins over the section
        #expect(try NavigationDeepLink(sectionID: "HQ").resolve(in: venue, language: "en").levelID == "F0")
    }

    @Test func badDeepLinksAreTypedErrors() throws {
        let venue = ScenarioVenues.corridorGrid()
        #expect(throws: NavigationError.invalidDeepLink(field: "poiId", reason: "empty value")) { try NavigationDeepLink(url: "a://b?poiId=") }
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
