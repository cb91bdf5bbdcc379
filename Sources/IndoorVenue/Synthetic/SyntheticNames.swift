/// Word lists for bilingual (English / German) names of synthetic shops and amenities.
enum SyntheticNames {
    /// Occupant categories (IMDF occupant category) with the shop noun in both languages.
    static let occupantKinds: [(category: String, en: String, de: String)] = [
        ("restaurant", "Kitchen", "Küche"), ("cafe", "Café", "Café"), ("clothing", "Outfitters", "Mode"),
        ("bookstore", "Books", "Bücher"), ("pharmacy", "Pharmacy", "Apotheke"), ("electronics", "Electronics", "Elektronik"),
        ("office", "Offices", "Büros"), ("grocery", "Market", "Markt"), ("bakery", "Bakery", "Bäckerei"),
        ("florist", "Flowers", "Blumen"),
    ]

    /// Adjectives in both languages (German in the neutral form used before a proper name).
    static let adjectives: [(en: String, de: String)] = [
        ("Golden", "Goldene"), ("Blue", "Blaue"), ("Little", "Kleine"), ("Northern", "Nördliche"), ("Green", "Grüne"),
        ("Royal", "Königliche"), ("Silver", "Silberne"), ("Sunny", "Sonnige"), ("Quiet", "Stille"), ("Red", "Rote"),
    ]

    /// Amenity categories (IMDF amenity category, IMDF unit category of their room) with names.
    static let amenityKinds: [(category: String, unitCategory: String, en: String, de: String)] = [
        ("restroom", "restroom", "Restrooms", "Toiletten"), ("atm", "room", "ATM", "Geldautomat"),
        ("information", "room", "Information", "Information"), ("firstaid", "firstaid", "First aid", "Erste Hilfe"),
        ("vendingmachine", "room", "Vending machines", "Automaten"),
    ]

    /// Share of ordinary rooms that hold an amenity rather than an occupant.
    static let amenityShare = 0.12

    /// Tower letter for a 0-based index: A, B, …, Z, AA, AB, …
    static func towerLetter(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return index < 26 ? String(letters[index]) : String(letters[index / 26 - 1]) + String(letters[index % 26])
    }
}
