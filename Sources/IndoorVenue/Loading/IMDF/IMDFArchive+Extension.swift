// Applying `indoornav.json` to what the archive defined.
extension IMDFArchive {
    /// Sets universes on POIs and spaces, and connector overrides. References to unknown ids are
    /// `.error` issues; extra external ids were already merged while reading features.
    mutating func applyExtension() {
        let file = VenueExtensionFile.fileName
        var poiIndices: [String: [Int]] = [:]
        for (i, poi) in pois.enumerated() { poiIndices[poi.id, default: []].append(i) }
        for entry in extensionFile.universes {
            let universe = entry.universe.id
            for id in entry.poiIDs {
                guard let indices = poiIndices[id] else {
                    issues.append(.error(SourceLocation(file: file, featureID: universe, field: "pois"), "refers to unknown POI '\(id)'"))
                    continue
                }
                for i in indices { pois[i].universes.insert(universe) }
            }
            for id in entry.spaceIDs {
                guard let i = spaceIndexByID[id] else {
                    issues.append(
                        .error(SourceLocation(file: file, featureID: universe, field: "spaces"), "refers to unknown unit '\(id)'"))
                    continue
                }
                spaces[i].universes.insert(universe)
            }
        }
        for (key, override) in extensionFile.connectors.sorted(by: { $0.key < $1.key }) {
            let matches = connectors.indices.filter { connectors[$0].id == key || (connectorUnitIDs[$0] ?? []).contains(key) }
            guard !matches.isEmpty else {
                issues.append(
                    .error(
                        SourceLocation(file: file, featureID: key, field: "connectors"),
                        "refers to no connector (neither a connector id nor a unit of one)"))
                continue
            }
            for i in matches {
                if let t = override.transitionType { connectors[i].transitionTypeID = t }
                if let a = override.isAccessible { connectors[i].isAccessible = a }
            }
        }
        for id in extensionFile.externalIDs.keys.sorted() where fileOfFeatureID[id] == nil {
            issues.append(.error(SourceLocation(file: file, featureID: id, field: "external_ids"), "refers to unknown feature '\(id)'"))
        }
    }
}
