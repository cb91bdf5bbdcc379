import Foundation
import Venue

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
    }

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
        let table = InstructionWriter.templates[language] ?? [:]
        if seconds < 90 { return InstructionWriter.fill(table["seconds"] ?? "{n} s") { _ in "\(Int(seconds.rounded()))" } }
        return InstructionWriter.fill(table["minutes"] ?? "{n} min") { _ in "\(Int((seconds / 60).rounded()))" }
    }

    /// The instruction for a maneuver; `levelName`/`placeName`/`buildingName` are already localised.
    public func text(for action: Maneuver.Action, distanceToNextMeters: Double, bearingDegrees: Double,
                     levelChange: Maneuver.LevelChange?, levelName: String?, placeName: String?, buildingName: String?,
                     durationSeconds: Double?, nextTravel: TravelKind? = nil) -> String {
        let table = InstructionWriter.templates[language] ?? [:]
        func t(_ key: String) -> String { table[key] ?? InstructionWriter.templates["en"]?[key] ?? key }
        var base: String
        switch action {
        case .depart: base = placeName == nil ? t("depart") : t("departFrom")
        case .continue: base = t("continue")
        case .slightLeft, .left, .sharpLeft, .slightRight, .right, .sharpRight, .uTurn: base = t(action.rawValue)
        case .passDoor: base = t("passDoor")
        case .levelChange:
            let kind = levelChange?.connectorKind ?? .connector
            let key = levelChange?.goesUp == true ? "levelUp" : (levelChange?.goesDown == true ? "levelDown" : "levelAcross")
            base = InstructionWriter.fill(t(key)) { $0 == "connector" ? t("connector." + kind.rawValue) : nil }
        case .enterBuilding: base = t("enterBuilding")
        case .exitBuilding: base = t("exitBuilding")
        case .wait: base = t("wait")
        case .arrive: base = placeName == nil ? t("arrive") : t("arriveAt")
        case .changeTransport: base = nextTravel == .driving ? t("continueByVehicle") : t("continueOnFoot")
        }
        if action == .continue {
            base = InstructionWriter.fill(base) { $0 == "distance" ? distance(distanceToNextMeters) : nil }
        } else if InstructionWriter.addsDistance.contains(action), distanceToNextMeters >= 1 {
            base += InstructionWriter.fill(t("thenContinue")) { $0 == "distance" ? distance(distanceToNextMeters) : nil }
        }
        return InstructionWriter.fill(base) { key in
            switch key {
            case "direction": t("cardinal.\(InstructionWriter.cardinal(bearingDegrees))")
            case "level": levelName ?? ""
            case "name": placeName ?? ""
            case "building": buildingName ?? t("theBuilding")
            case "duration": duration(durationSeconds ?? 0)
            default: nil
            }
        }
    }

    /// Replaces each `{key}` in one pass; unknown keys stay as written.
    static func fill(_ template: String, _ value: (Substring) -> String?) -> String {
        // Scans UTF-8 bytes: `{` and `}` are ASCII, so byte offsets are valid String indices here.
        let utf8 = template.utf8
        guard let firstOpen = utf8.firstIndex(of: UInt8(ascii: "{")) else { return template }
        var out = ""
        out.reserveCapacity(utf8.count + 16)
        var restStart = utf8.startIndex
        var open: String.Index? = firstOpen
        while let o = open {
            guard let close = utf8[o...].firstIndex(of: UInt8(ascii: "}")) else { break }
            out += template[restStart..<o]
            let key = template[utf8.index(after: o)..<close]
            out += value(key) ?? String(template[o...close])
            restStart = utf8.index(after: close)
            open = utf8[restStart...].firstIndex(of: UInt8(ascii: "{"))
        }
        out += template[restStart...]
        return out
    }

    /// Actions whose instruction ends with "then continue for {distance}".
    static let addsDistance: Set<Maneuver.Action> = [.depart, .slightLeft, .left, .sharpLeft, .slightRight, .right, .sharpRight, .uTurn,
                                                     .passDoor, .enterBuilding, .exitBuilding]

    /// Eight-point compass name of a bearing.
    static func cardinal(_ degrees: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let i = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 45).rounded()) % 8
        return names[i]
    }

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
            "continueOnFoot": "Verlassen Sie das Fahrzeug und gehen Sie zu Fuß weiter", "continueByVehicle": "Fahren Sie mit dem Fahrzeug weiter",
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
