import IndoorGeometry
import IndoorJSON

// Points of interest: amenities, occupants (through anchors), named anchors and named units.
extension IMDFArchive {
    /// Reads anchors, amenities and occupants, then makes POIs of named units that no occupant is
    /// anchored in (an occupant already stands for such a unit).
    mutating func readPOIs() throws(VenueError) {
        var namedAnchors: [(id: String, feature: GeoJSONFeature, file: String)] = []
        if let file = try optionalCollection("anchor.geojson") {
            for feature in file.features {
                do throws(FeatureProblem) {
                    let id = try requireID(feature, file: file.name)
                    let point = try geometry.point(feature.geometry)
                    let unitID = try feature.requiredString("unit_id")
                    guard spaceIndexByID[unitID] != nil else { throw FeatureProblem("unit_id", "refers to unknown unit '\(unitID)'") }
                    anchors[id] = (point, unitID)
                    if feature.properties["name"].map({ !$0.isNull }) ?? false { namedAnchors.append((id, feature, file.name)) }
                } catch { skip(error, file: file.name, feature: feature) }
            }
        }
        if let file = try optionalCollection("amenity.geojson") {
            for feature in file.features {
                do throws(FeatureProblem) { try readAmenity(feature, file: file.name) } catch {
                    skip(error, file: file.name, feature: feature)
                }
            }
        }
        var occupiedUnits: Set<String> = []
        if let file = try optionalCollection("occupant.geojson") {
            for feature in file.features {
                do throws(FeatureProblem) {
                    let id = try requireID(feature, file: file.name)
                    let anchorID = try feature.requiredString("anchor_id")
                    guard let anchor = anchors[anchorID] else {
                        throw FeatureProblem("anchor_id", "refers to unknown anchor '\(anchorID)'")
                    }
                    guard let unit = spaceIndexByID[anchor.unitID] else { throw FeatureProblem("anchor_id", "anchor's unit is unknown") }
                    occupiedUnits.insert(anchor.unitID)
                    pois.append(
                        PointOfInterest(
                            id: id, category: try feature.optionalString("category") ?? "unspecified",
                            name: name(feature, file: file.name), position: anchor.point,
                            levelID: spaces[unit].levelID, spaceID: anchor.unitID,
                            externalIDs: externalIDs(feature, id: id, file: file.name), source: .occupant))
                } catch { skip(error, file: file.name, feature: feature) }
            }
        }
        for (id, feature, file) in namedAnchors {
            guard let anchor = anchors[id], let unit = spaceIndexByID[anchor.unitID] else { continue }
            pois.append(
                PointOfInterest(
                    id: id, category: optionalString(feature, "category", file: file) ?? "anchor",
                    name: name(feature, file: file), position: anchor.point, levelID: spaces[unit].levelID,
                    spaceID: anchor.unitID, externalIDs: externalIDs(feature, id: id, file: file), source: .anchor))
        }
        for (i, space) in spaces.enumerated() where !space.name.isEmpty && !occupiedUnits.contains(space.id) {
            pois.append(
                PointOfInterest(
                    id: space.id, category: space.category, name: space.name, position: anchorPoint(ofSpace: i),
                    levelID: space.levelID, spaceID: space.id, externalIDs: space.externalIDs, source: .unit))
        }
    }

    /// One amenity: a Point in the first of its `unit_ids` that exists. Unknown unit ids are `.error`
    /// issues; the amenity is skipped only when none of its units exists.
    private mutating func readAmenity(_ feature: GeoJSONFeature, file: String) throws(FeatureProblem) {
        let id = try requireID(feature, file: file)
        let category = try feature.requiredString("category")
        let point = try geometry.point(feature.geometry)
        let unitIDs = try feature.stringArray("unit_ids")
        guard !unitIDs.isEmpty else { throw FeatureProblem("unit_ids", "an amenity needs at least one unit id to place it on a level") }
        var first: Int?
        for unitID in unitIDs {
            if let i = spaceIndexByID[unitID] {
                first = first ?? i
            } else {
                issues.append(.error(SourceLocation(file: file, featureID: id, field: "unit_ids"), "refers to unknown unit '\(unitID)'"))
            }
        }
        guard let unit = first else { throw FeatureProblem("unit_ids", "none of the amenity's units exists") }
        pois.append(
            PointOfInterest(
                id: id, category: category, name: name(feature, file: file), position: point,
                levelID: spaces[unit].levelID, spaceID: spaces[unit].id,
                externalIDs: externalIDs(feature, id: id, file: file), source: .amenity))
    }
}
