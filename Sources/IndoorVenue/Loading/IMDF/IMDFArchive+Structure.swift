import Foundation
import IndoorGeometry
import IndoorJSON

// Buildings, levels and sections.
extension IMDFArchive {
    /// `building.geojson` (optional), with footprints from `footprint.geojson` when a building has no
    /// geometry of its own.
    mutating func readBuildings() throws(VenueError) {
        guard let file = try optionalCollection("building.geojson") else { return }
        var footprints: [String: Polygon] = [:]
        if let footprintFile = try optionalCollection("footprint.geojson") {
            for feature in footprintFile.features {
                // Ground footprints first: the loader keeps the first footprint per building.
                guard let reading = try? geometry.area(feature.geometry),
                    let ids = try? feature.stringArray("building_ids")
                else { continue }
                let isGround = feature.properties["category"]?.string == "ground"
                for id in ids where footprints[id] == nil || isGround { footprints[id] = reading.polygon }
            }
        }
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                let ownFootprint = !feature.hasGeometry ? nil : (try? geometry.area(feature.geometry))?.polygon
                buildings.append(
                    Building(
                        id: id, kind: .building, name: name(feature, file: file.name),
                        category: optionalString(feature, "category", file: file.name),
                        externalIDs: externalIDs(feature, id: id, file: file.name),
                        footprint: ownFootprint ?? footprints[id]))
            } catch { skip(error, file: file.name, feature: feature) }
        }
    }

    /// `level.geojson` (required).
    mutating func readLevels() throws(VenueError) {
        let file = try collection("level.geojson")
        let buildingIDs = Set(buildings.map(\.id))
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                guard let ordinalValue = feature.properties["ordinal"] else {
                    throw FeatureProblem("ordinal", "required property is missing")
                }
                guard let ordinal = ordinalValue.int else {
                    throw FeatureProblem(
                        "ordinal", "expected an integer, found \(ordinalValue.isNull ? "null" : ordinalValue.serialized())")
                }
                let shortName = name(feature, "short_name", file: file.name)
                var floorNumber: Double?
                do { floorNumber = try feature.optionalNumber("floor_number") } catch { note(error, file: file.name, feature: feature) }
                if floorNumber == nil, let text = shortName.resolved(defaultLanguage: defaultLanguage) {
                    floorNumber = Double(text.trimmingCharacters(in: .whitespaces))
                }
                var levelBuildings: [String] = []
                do { levelBuildings = try feature.stringArray("building_ids") } catch { note(error, file: file.name, feature: feature) }
                for b in levelBuildings where !buildingIDs.contains(b) {
                    issues.append(
                        .error(
                            SourceLocation(file: file.name, featureID: id, field: "building_ids"),
                            "refers to unknown building '\(b)'"))
                }
                var outline: Polygon?
                if feature.hasGeometry {
                    do { outline = try geometry.area(feature.geometry).polygon } catch { note(error, file: file.name, feature: feature) }
                }
                levelIndexByID[id] = levels.count
                levels.append(
                    Level(
                        id: id, ordinal: ordinal, name: name(feature, file: file.name), shortName: shortName,
                        floorNumber: floorNumber, buildingIDs: levelBuildings.filter(buildingIDs.contains),
                        outline: outline, elevationMeters: extensionFile.levelElevationsMeters[id],
                        externalIDs: externalIDs(feature, id: id, file: file.name)))
            } catch { skip(error, file: file.name, feature: feature) }
        }
        for id in extensionFile.levelElevationsMeters.keys.sorted() where levelIndexByID[id] == nil {
            issues.append(
                .error(
                    SourceLocation(file: VenueExtensionFile.fileName, featureID: id, field: "levels"),
                    "refers to unknown level '\(id)'"))
        }
    }

    /// `section.geojson` (optional): sections become ``Building``s of kind `.section`. The parent is the
    /// `building_id` property when given, else the single building of the section's level.
    mutating func readSections() throws(VenueError) {
        guard let file = try optionalCollection("section.geojson") else { return }
        let buildingIDs = Set(buildings.map(\.id))
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                var parent = try feature.optionalString("building_id")
                if let p = parent, !buildingIDs.contains(p) {
                    issues.append(
                        .error(SourceLocation(file: file.name, featureID: id, field: "building_id"), "refers to unknown building '\(p)'"))
                    parent = nil
                }
                if parent == nil, let levelID = try feature.optionalString("level_id") {
                    guard let level = levelIndexByID[levelID] else {
                        throw FeatureProblem("level_id", "refers to unknown level '\(levelID)'")
                    }
                    if levels[level].buildingIDs.count == 1 { parent = levels[level].buildingIDs[0] }
                }
                let footprint = !feature.hasGeometry ? nil : try geometry.area(feature.geometry).polygon
                buildings.append(
                    Building(
                        id: id, kind: .section, name: name(feature, file: file.name),
                        category: optionalString(feature, "category", file: file.name),
                        externalIDs: externalIDs(feature, id: id, file: file.name),
                        parentBuildingID: parent, footprint: footprint))
            } catch { skip(error, file: file.name, feature: feature) }
        }
    }

    /// The building of a level when it has exactly one.
    func singleBuilding(ofLevel levelID: String) -> String? {
        guard let i = levelIndexByID[levelID], levels[i].buildingIDs.count == 1 else { return nil }
        return levels[i].buildingIDs[0]
    }
}
