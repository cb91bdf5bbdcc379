import IndoorGeometry
import IndoorJSON

// Connectors from IMDF `relationship` features.
extension IMDFArchive {
    /// Relationship categories that join levels, and the connector kind each becomes.
    static let connectorKindByRelationship: [String: ConnectorKind] = [
        "elevator": .elevator, "stairs": .stairs, "escalator": .escalator, "ramp": .ramp,
        "traversal": .connector, "traversal.path": .connector,
        // IndoorNav extensions: IMDF has no vehicle connectors.
        "driveramp": .driveRamp, "carlift": .carLift,
    ]

    /// One end (or intermediary) of a relationship, resolved to a level and a point.
    struct ResolvedReference {
        var levelID: String
        var point: LocalPoint
        /// The unit referred to, directly or through an anchor.
        var unitID: String?
    }

    /// `relationship.geojson` (optional). Each relationship of a connector category becomes one
    /// ``Connector`` with an entry per referenced unit (display point or centroid), opening (midpoint)
    /// or anchor. `direction: directed` makes it one-way from origin to destination: ``Connector/Direction/up``
    /// when the destination's ordinal is higher, ``Connector/Direction/down`` when lower.
    mutating func readRelationships() throws(VenueError) {
        guard let file = try optionalCollection("relationship.geojson") else { return }
        for feature in file.features {
            do throws(FeatureProblem) {
                let id = try requireID(feature, file: file.name)
                let category = try feature.requiredString("category")
                guard let kind = IMDFArchive.connectorKindByRelationship[category] else {
                    issues.append(
                        .warning(
                            SourceLocation(file: file.name, featureID: id, field: "category"),
                            "relationship category '\(category)' does not join levels; ignored"))
                    continue
                }
                guard let originValue = feature.properties["origin"], !originValue.isNull else {
                    throw FeatureProblem("origin", "required property is missing")
                }
                guard let destinationValue = feature.properties["destination"], !destinationValue.isNull else {
                    throw FeatureProblem("destination", "required property is missing")
                }
                let origin = try resolve(originValue, field: "origin")
                var references = [origin]
                switch feature.properties["intermediary"] {
                case nil, .null?: break
                case .array(let items)?: for item in items { references.append(try resolve(item, field: "intermediary")) }
                case let other?: throw FeatureProblem("intermediary", "expected an array of references, found \(other.typeName)")
                }
                let destination = try resolve(destinationValue, field: "destination")
                references.append(destination)

                var direction = Connector.Direction.both
                let directionText = try feature.optionalString("direction") ?? "undirected"
                switch directionText {
                case "undirected": break
                case "directed":
                    let from = levelOrdinal(origin.levelID), to = levelOrdinal(destination.levelID)
                    if to > from {
                        direction = .up
                    } else if to < from {
                        direction = .down
                    } else {
                        issues.append(
                            .warning(
                                SourceLocation(file: file.name, featureID: id, field: "direction"),
                                "directed, but origin and destination are on the same ordinal; taken as both ways"))
                    }
                default: throw FeatureProblem("direction", "expected \"directed\" or \"undirected\", found \"\(directionText)\"")
                }
                let unitIDs = references.compactMap(\.unitID)
                unitsInRelationships.formUnion(unitIDs)
                connectorUnitIDs[connectors.count] = unitIDs
                connectors.append(
                    makeConnector(
                        id: id, kind: kind, entries: references.map { Connector.Entry(levelID: $0.levelID, point: $0.point) },
                        direction: direction, name: name(feature, file: file.name)))
            } catch { skip(error, file: file.name, feature: feature) }
        }
    }

    /// A connector with its levels sorted by ordinal and its building when all levels share one.
    func makeConnector(
        id: String, kind: ConnectorKind, entries: [Connector.Entry], direction: Connector.Direction,
        name: LocalizedName
    ) -> Connector {
        var levelIDs: [String] = []
        for e in entries where !levelIDs.contains(e.levelID) { levelIDs.append(e.levelID) }
        levelIDs.sort { (levelOrdinal($0), $0) < (levelOrdinal($1), $1) }
        let buildingSets = levelIDs.compactMap { levelIndexByID[$0].map { Set(levels[$0].buildingIDs) } }
        let common = buildingSets.dropFirst().reduce(buildingSets.first ?? []) { $0.intersection($1) }
        return Connector(
            id: id, kind: kind, levelIDs: levelIDs, entries: entries, direction: direction, name: name,
            buildingID: common.count == 1 ? common.first : nil)
    }

    /// The ordinal of a known level (0 otherwise).
    func levelOrdinal(_ levelID: String) -> Int { levelIndexByID[levelID].map { levels[$0].ordinal } ?? 0 }

    /// A `{"id": …, "feature_type": …}` reference to a unit, opening, anchor or amenity.
    private func resolve(_ value: JSONValue, field: String) throws(FeatureProblem) -> ResolvedReference {
        guard let id = value["id"]?.string else {
            throw FeatureProblem(field, "expected a reference {\"id\": …, \"feature_type\": …}, found \(value.typeName)")
        }
        let type = value["feature_type"]?.string
        if type == nil || type == "unit", let i = spaceIndexByID[id] {
            return ResolvedReference(levelID: spaces[i].levelID, point: anchorPoint(ofSpace: i), unitID: id)
        }
        if type == nil || type == "opening", let i = openingIndexByID[id] {
            return ResolvedReference(levelID: openings[i].levelID, point: openings[i].midpoint, unitID: nil)
        }
        if type == nil || type == "anchor", let anchor = anchors[id], let i = spaceIndexByID[anchor.unitID] {
            return ResolvedReference(levelID: spaces[i].levelID, point: anchor.point, unitID: anchor.unitID)
        }
        if type == nil || type == "amenity", let poi = pois.first(where: { $0.id == id && $0.source == .amenity }) {
            return ResolvedReference(levelID: poi.levelID, point: poi.position, unitID: poi.spaceID)
        }
        throw FeatureProblem(field, "refers to unknown \(type ?? "feature") '\(id)'")
    }
}
