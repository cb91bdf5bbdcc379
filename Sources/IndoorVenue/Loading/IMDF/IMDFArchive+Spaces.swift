import IndoorGeometry
import IndoorJSON

// Units (spaces) and openings.
extension IMDFArchive {
    /// `unit.geojson` (required).
    ///
    /// Rings that are not closed, or that cross themselves, are `.error` issues but the unit is kept
    /// (closed implicitly, used as drawn) so the venue stays usable while the author fixes the data.
    /// A MultiPolygon keeps its largest polygon, with a warning.
    mutating func readUnits() throws(VenueError) {
        let file = try collection("unit.geojson")
        spaces.reserveCapacity(file.features.count)
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                let category = try feature.requiredString("category")
                let levelID = try requireLevelID(feature)
                let reading = try geometry.area(feature.geometry)
                reportRepairs(reading, file: file.name, id: id)
                do {
                    if let display = feature.properties["display_point"], !display.isNull {
                        unitDisplayPoints[id] = try geometry.point(display, field: "display_point")
                    }
                } catch { note(error, file: file.name, feature: feature) }
                spaceIndexByID[id] = spaces.count
                spaces.append(
                    Space(
                        id: id, category: category, polygon: reading.polygon, levelID: levelID,
                        name: name(feature, file: file.name), externalIDs: externalIDs(feature, id: id, file: file.name),
                        isWalkable: !Space.nonWalkableCategories.contains(category),
                        buildingID: singleBuilding(ofLevel: levelID),
                        restriction: optionalString(feature, "restriction", file: file.name)))
            } catch { skip(error, file: file.name, feature: feature) }
        }
    }

    /// Issues for a polygon that was read but needed repair.
    mutating func reportRepairs(_ reading: GeoJSONGeometryReader.PolygonReading, file: String, id: String) {
        let location = SourceLocation(file: file, featureID: id, field: "geometry")
        for ring in reading.unclosedRings {
            issues.append(
                .error(location, "ring \(ring) is not closed (its last position differs from the first); closed implicitly, unit kept"))
        }
        for ring in reading.selfIntersectingRings {
            issues.append(.error(location, "ring \(ring) intersects itself; repaired by keeping its largest simple part, unit kept"))
        }
        if reading.droppedParts > 0 {
            issues.append(.warning(location, "MultiPolygon: kept the largest of \(reading.droppedParts + 1) polygons"))
        }
    }

    /// `opening.geojson` (optional).
    ///
    /// An opening is accessible unless its `door.type` is `revolving` or a turnstile.
    mutating func readOpenings() throws(VenueError) {
        guard let file = try optionalCollection("opening.geojson") else { return }
        openings.reserveCapacity(file.features.count)
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                let category = try feature.requiredString("category")
                let levelID = try requireLevelID(feature)
                let line = try geometry.lineString(feature.geometry)
                var accessible = true
                if let doorType = feature.properties["door"]?["type"]?.string,
                    doorType == "revolving" || doorType.hasPrefix("turnstile")
                {
                    accessible = false
                }
                openingIndexByID[id] = openings.count
                openings.append(
                    Opening(
                        id: id, category: category, line: line, levelID: levelID,
                        name: name(feature, file: file.name), isAccessible: accessible))
            } catch { skip(error, file: file.name, feature: feature) }
        }
    }

    /// Where a unit is entered or shown: its display point when it lies in the unit (or within 0.5 m),
    /// else ``Space/interiorPoint``.
    func anchorPoint(ofSpace index: Int) -> LocalPoint {
        let space = spaces[index]
        // A display point outside its unit (or none): a point well inside it, not a centroid that may lie
        // outside a U-shaped stairwell.
        if let p = unitDisplayPoints[space.id], space.polygon.contains(p) || space.polygon.distanceToBoundary(p) <= 0.5 { return p }
        return space.interiorPoint
    }
}
