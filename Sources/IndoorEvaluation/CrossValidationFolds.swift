import IndoorPositioning

/// Splits recordings into folds for cross-validation, keeping related recordings in one fold.
///
/// Recordings belong together when their names agree after removing a repetition suffix
/// (`…_repetition02`, `…-rep3`, `…_r1`): the repetitions of one IPIN trial walk the same path, so
/// scoring one against a map surveyed from another would flatter the map. Groups are sorted by key
/// and dealt to folds in turn, so the split is deterministic and needs no random generator.
public struct CrossValidationFolds: Hashable, Sendable {
    /// The fold of each name, in the order given.
    public let foldOfName: [String: Int]
    /// Number of folds.
    public let count: Int

    /// Folds over `names` (file names or stems; directories and extensions are ignored).
    /// - Throws: ``PositioningError/invalidConfiguration(parameter:value:validRange:)`` unless
    ///   2 ≤ `count` ≤ number of groups.
    public init(names: [String], count: Int) throws(PositioningError) {
        let keys = names.map(Self.groupKey)
        let groups = Set(keys).sorted()
        guard count >= 2, count <= groups.count else {
            throw .invalidConfiguration(
                parameter: "cross-validation folds", value: Double(count),
                validRange: "2 ... the number of walk groups, \(groups.count) here")
        }
        var foldOfGroup: [String: Int] = [:]
        for (i, key) in groups.enumerated() { foldOfGroup[key] = i % count }
        var folds: [String: Int] = [:]
        for (name, key) in zip(names, keys) { folds[name] = foldOfGroup[key] ?? 0 }
        foldOfName = folds
        self.count = count
    }

    /// The group a name belongs to: its last path component without extension and repetition suffix.
    public static func groupKey(_ name: String) -> String {
        var stem = Substring(name.split(separator: "/").last ?? Substring(name))
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        let lower = stem.lowercased()
        for marker in ["_repetition", "-repetition", "_rep", "-rep", "_r", "-r"] {
            guard let range = lower.range(of: marker, options: .backwards) else { continue }
            let tail = lower[range.upperBound...]
            if !tail.isEmpty, tail.allSatisfy(\.isNumber) {
                return String(lower[..<range.lowerBound])
            }
        }
        return lower
    }
}
