import Foundation
import IndoorVenue

/// Instruction text from a template table, in English or German, with metric or imperial distances.
///
/// Templates use `{level}`, `{distance}`, `{name}`, `{building}`, `{duration}`, `{direction}`,
/// `{connector}` placeholders. Unknown languages fall back to English.
public struct InstructionWriter: Sendable {
    /// The language the templates are in (`en` when the requested one has none).
    public let language: String
    /// Metric or imperial distances.
    public let units: DistanceUnits

    /// A writer for `language` (unknown ones fall back to English) and `units`.
    public init(language: String, units: DistanceUnits) {
        self.language = InstructionWriter.templates[language] != nil ? language : "en"
        self.units = units
        self.compiled = InstructionWriter.compiled[self.language] ?? InstructionTemplates(language: "en")
    }

    /// This writer's templates, parsed.
    private let compiled: InstructionTemplates

    /// Languages with a template table.
    public static var languages: [String] { templates.keys.sorted() }

    /// A distance as shown to users: metres rounded to 1 m below 10 m and to 5 m above; feet rounded
    /// to 5 ft (1 m = 3.28084 ft).
    public func distance(_ meters: Double) -> String {
        switch units {
        case .metric:
            let m = meters < 10 ? max(1, meters.rounded()) : (meters / 5).rounded() * 5
            return "\(Int(m)) m"
        case .imperial:
            let feet = meters * 3.28084
            let f = feet < 10 ? max(1, feet.rounded()) : (feet / 5).rounded() * 5
            return "\(Int(f)) ft"
        }
    }

    /// A duration in whole seconds or minutes.
    public func duration(_ seconds: Double) -> String {
        if seconds < 90 { return compiled.seconds.rendered { _ in "\(Int(seconds.rounded()))" } }
        return compiled.minutes.rendered { _ in "\(Int((seconds / 60).rounded()))" }
    }

    /// The instruction for a maneuver; `levelName`/`placeName`/`buildingName` are already localised.
    public func text(
        for action: Maneuver.Action, distanceToNextMeters: Double, bearingDegrees: Double,
        levelChange: Maneuver.LevelChange?, levelName: String?, placeName: String?, buildingName: String?,
        durationSeconds: Double?, nextTravel: TravelKind? = nil
    ) -> String {
        let c = compiled
        let base: InstructionTemplate
        switch action {
        case .depart: base = placeName == nil ? c[.depart] : c[.departFrom]
        case .continue: base = c[.continue]
        case .slightLeft: base = c[.slightLeft]
        case .left: base = c[.left]
        case .sharpLeft: base = c[.sharpLeft]
        case .slightRight: base = c[.slightRight]
        case .right: base = c[.right]
        case .sharpRight: base = c[.sharpRight]
        case .uTurn: base = c[.uTurn]
        case .passDoor: base = c[.passDoor]
        case .levelChange:
            base = levelChange?.goesUp == true ? c[.levelUp] : (levelChange?.goesDown == true ? c[.levelDown] : c[.levelAcross])
        case .enterBuilding: base = c[.enterBuilding]
        case .exitBuilding: base = c[.exitBuilding]
        case .wait: base = c[.wait]
        case .arrive: base = placeName == nil ? c[.arrive] : c[.arriveAt]
        case .changeTransport: base = nextTravel == .driving ? c[.continueByVehicle] : c[.continueOnFoot]
        }
        // One pass per template: the connector (level changes) and the distance (`continue`) are the
        // parts only those templates fill; every template fills the rest.
        func common(_ slot: InstructionTemplate.Slot) -> String? {
            switch slot {
            case .direction: c.cardinals[InstructionWriter.cardinalIndex(bearingDegrees)]
            case .level: levelName ?? ""
            case .name: placeName ?? ""
            case .building: buildingName ?? c[.theBuilding].text
            case .duration: duration(durationSeconds ?? 0)
            case .distance, .connector, .other: nil
            }
        }
        var out = ""
        out.reserveCapacity(64)
        switch action {
        case .levelChange:
            let kind = levelChange?.connectorKind ?? .connector
            base.render(into: &out) { $0 == .connector ? c.connector(kind) : common($0) }
        case .continue:
            base.render(into: &out) { $0 == .distance ? distance(distanceToNextMeters) : common($0) }
        default:
            base.render(into: &out, common)
        }
        if action != .continue, InstructionWriter.addsDistance(action), distanceToNextMeters >= 1 {
            c[.thenContinue].render(into: &out) { $0 == .distance ? distance(distanceToNextMeters) : common($0) }
        }
        return out
    }

    /// Whether an action's instruction ends with "then continue for {distance}".
    static func addsDistance(_ action: Maneuver.Action) -> Bool {
        switch action {
        case .depart, .slightLeft, .left, .sharpLeft, .slightRight, .right, .sharpRight, .uTurn, .passDoor, .enterBuilding, .exitBuilding:
            true
        case .continue, .levelChange, .wait, .arrive, .changeTransport: false
        }
    }

    /// The eight compass points, clockwise from north (template keys `cardinal.<name>`).
    static let cardinalNames = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]

    /// Index into ``cardinalNames`` of the compass point nearest a bearing (degrees).
    static func cardinalIndex(_ degrees: Double) -> Int {
        Int(((degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 45).rounded()) % 8
    }

    /// Every language's templates, parsed once.
    static let compiled: [String: InstructionTemplates] = Dictionary(
        uniqueKeysWithValues: templates.keys.map { ($0, InstructionTemplates(language: $0)) })

    static let templates: [String: [String: String]] = [
        "en": [
            "depart": "Head {direction}", "departFrom": "Head {direction} from {name}",
            "continue": "Continue for {distance}", "thenContinue": " and continue for {distance}",
            "slightLeft": "Turn slightly left", "left": "Turn left", "sharpLeft": "Make a sharp left",
            "slightRight": "Turn slightly right", "right": "Turn right", "sharpRight": "Make a sharp right",
            "uTurn": "Make a U-turn", "passDoor": "Go through the door",
            "levelUp": "Take the {connector} up to {level}", "levelDown": "Take the {connector} down to {level}",
            "levelAcross": "Take the {connector} to {level}",
            "enterBuilding": "Enter {building}", "exitBuilding": "Exit {building}", "theBuilding": "the building",
            "wait": "Wait for {duration}", "arrive": "Arrive at your destination", "arriveAt": "Arrive at {name}",
            "continueOnFoot": "Leave the vehicle and continue on foot", "continueByVehicle": "Continue by vehicle",
            "seconds": "{n} s", "minutes": "{n} min",
            "connector.elevator": "elevator", "connector.stairs": "stairs", "connector.escalator": "escalator",
            "connector.ramp": "ramp", "connector.pedestrianRamp": "ramp", "connector.driveRamp": "drive ramp",
            "connector.carLift": "car lift", "connector.elevatorBank": "elevator", "connector.connector": "passage",
            "cardinal.north": "north", "cardinal.northeast": "northeast", "cardinal.east": "east",
            "cardinal.southeast": "southeast", "cardinal.south": "south", "cardinal.southwest": "southwest",
            "cardinal.west": "west", "cardinal.northwest": "northwest",
        ],
        "de": [
            "depart": "Gehen Sie Richtung {direction}", "departFrom": "Gehen Sie von {name} Richtung {direction}",
            "continue": "Gehen Sie {distance} weiter", "thenContinue": " und gehen Sie {distance} weiter",
            "slightLeft": "Halten Sie sich leicht links", "left": "Biegen Sie links ab", "sharpLeft": "Biegen Sie scharf links ab",
            "slightRight": "Halten Sie sich leicht rechts", "right": "Biegen Sie rechts ab", "sharpRight": "Biegen Sie scharf rechts ab",
            "uTurn": "Wenden Sie", "passDoor": "Gehen Sie durch die Tür",
            "levelUp": "Nehmen Sie {connector} nach oben zu {level}", "levelDown": "Nehmen Sie {connector} nach unten zu {level}",
            "levelAcross": "Nehmen Sie {connector} zu {level}",
            "enterBuilding": "Betreten Sie {building}", "exitBuilding": "Verlassen Sie {building}", "theBuilding": "das Gebäude",
            "wait": "Warten Sie {duration}", "arrive": "Sie haben Ihr Ziel erreicht", "arriveAt": "Sie haben {name} erreicht",
            "continueOnFoot": "Verlassen Sie das Fahrzeug und gehen Sie zu Fuß weiter",
            "continueByVehicle": "Fahren Sie mit dem Fahrzeug weiter",
            "seconds": "{n} s", "minutes": "{n} min",
            "connector.elevator": "den Aufzug", "connector.stairs": "die Treppe", "connector.escalator": "die Rolltreppe",
            "connector.ramp": "die Rampe", "connector.pedestrianRamp": "die Rampe", "connector.driveRamp": "die Auffahrt",
            "connector.carLift": "den Autoaufzug", "connector.elevatorBank": "den Aufzug", "connector.connector": "den Durchgang",
            "cardinal.north": "Norden", "cardinal.northeast": "Nordosten", "cardinal.east": "Osten",
            "cardinal.southeast": "Südosten", "cardinal.south": "Süden", "cardinal.southwest": "Südwesten",
            "cardinal.west": "Westen", "cardinal.northwest": "Nordwesten",
        ],
    ]
}

/// A template split once into text and `{key}` placeholders, so an instruction is written in one pass
/// without searching the text.
struct InstructionTemplate: Sendable {
    /// The placeholders templates use; `other` is any other key (written as it stands unless filled).
    enum Slot: Sendable, Equatable { case direction, level, name, building, duration, distance, connector, other }
    /// Parts hold their text as `String`s (not substrings of the template), so writing one is a plain
    /// string append.
    enum Part: Sendable {
        case text(String)
        /// A placeholder and its text as written (`{key}`), kept when nothing fills it.
        case slot(Slot, written: String)
    }
    /// The template as written.
    let text: String
    let parts: [Part]

    /// Parses `{key}` placeholders; a `{` without a closing `}` and everything after it is text.
    init(_ text: String) {
        self.text = text
        var parts: [Part] = []
        // Scans UTF-8 bytes: `{` and `}` are ASCII, so byte offsets are valid String indices here.
        let utf8 = text.utf8
        var restStart = utf8.startIndex
        while let open = utf8[restStart...].firstIndex(of: UInt8(ascii: "{")),
            let close = utf8[open...].firstIndex(of: UInt8(ascii: "}"))
        {
            if restStart < open { parts.append(.text(String(text[restStart..<open]))) }
            let slot: Slot
            switch text[utf8.index(after: open)..<close] {
            case "direction": slot = .direction
            case "level": slot = .level
            case "name": slot = .name
            case "building": slot = .building
            case "duration": slot = .duration
            case "distance": slot = .distance
            case "connector": slot = .connector
            default: slot = .other
            }
            parts.append(.slot(slot, written: String(text[open...close])))
            restStart = utf8.index(after: close)
        }
        if restStart < utf8.endIndex { parts.append(.text(String(text[restStart...]))) }
        self.parts = parts
    }

    /// Appends the template with each placeholder replaced by `value` (kept as written when `nil`).
    func render(into out: inout String, _ value: (Slot) -> String?) {
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .slot(let slot, let written):
                if let v = value(slot) { out += v } else { out += written }
            }
        }
    }

    /// The template with each placeholder replaced by `value`.
    func rendered(_ value: (Slot) -> String?) -> String {
        var out = ""
        render(into: &out, value)
        return out
    }
}

/// One language's instruction templates, parsed, with English for keys the language lacks (and the
/// key itself for keys neither has).
struct InstructionTemplates: Sendable {
    /// The templates chosen by action.
    enum Key: Int, CaseIterable {
        case depart, departFrom, `continue`, thenContinue, slightLeft, left, sharpLeft, slightRight, right, sharpRight, uTurn
        case passDoor, levelUp, levelDown, levelAcross, enterBuilding, exitBuilding, theBuilding, wait, arrive, arriveAt
        case continueOnFoot, continueByVehicle
    }
    private let byKey: [InstructionTemplate]
    /// Names of ``InstructionWriter/cardinalNames`` in the language.
    let cardinals: [String]
    /// Connector names in the order of `ConnectorKind.allCases`.
    private let connectors: [String]
    /// `{n} s` and `{n} min` (these two fall back to those texts, not to English).
    let seconds: InstructionTemplate
    let minutes: InstructionTemplate

    init(language: String) {
        let table = InstructionWriter.templates[language] ?? [:]
        func t(_ key: String) -> String { table[key] ?? InstructionWriter.templates["en"]?[key] ?? key }
        byKey = Key.allCases.map { InstructionTemplate(t(String(describing: $0))) }
        cardinals = InstructionWriter.cardinalNames.map { t("cardinal." + $0) }
        connectors = ConnectorKind.allCases.map { t("connector." + $0.rawValue) }
        seconds = InstructionTemplate(table["seconds"] ?? "{n} s")
        minutes = InstructionTemplate(table["minutes"] ?? "{n} min")
    }

    subscript(key: Key) -> InstructionTemplate { byKey[key.rawValue] }

    /// The name of a connector kind in the language.
    func connector(_ kind: ConnectorKind) -> String {
        connectors[ConnectorKind.allCases.firstIndex(of: kind) ?? 0]
    }
}
