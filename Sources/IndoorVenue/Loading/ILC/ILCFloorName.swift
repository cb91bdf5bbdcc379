/// How ILC floor-folder names become level ordinals and floor numbers.
///
/// The Indoor Location Competition names floors after the signs in the building. The rule, case
/// insensitive:
///
/// | folder name     | ordinal | floor number |
/// |-----------------|---------|--------------|
/// | `F<n>` or `<n>F` (n ≥ 1) | n − 1   | n            |
/// | `B<n>` or `<n>B` (n ≥ 1) | −n      | −n           |
///
/// Any other name (`L3`, `P2`, `G`, `F0`, …) is *unknown*: the loader records a warning and gives
/// unknown floors the ordinals above the highest known one, in byte order of their names (or 0, 1, …
/// when no name is known). A second folder naming an ordinal already taken (`F1` and `1F`) is treated
/// as unknown too.
enum ILCFloorName {
    /// Ordinal and floor number of a name following the rule; `nil` for unknown names.
    static func parse(_ name: String) -> (ordinal: Int, floorNumber: Double)? {
        let upper = name.uppercased()
        guard upper.count >= 2, let first = upper.first, let last = upper.last else { return nil }
        let letter: Character
        let digits: Substring
        if first == "F" || first == "B" {
            letter = first
            digits = upper.dropFirst()
        } else if last == "F" || last == "B" {
            letter = last
            digits = upper.dropLast()
        } else {
            return nil
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 3, let n = Int(digits), n >= 1 else {
            return nil
        }
        return letter == "F" ? (n - 1, Double(n)) : (-n, Double(-n))
    }

    /// One floor's place in the venue.
    struct Assignment: Equatable {
        var name: String
        var ordinal: Int
        var floorNumber: Double?
        /// Whether the name followed the rule (and its ordinal was free).
        var isKnown: Bool
    }

    /// Ordinals for a set of floor names following the rule above, in the order of `names`.
    static func assign(_ names: [String]) -> [Assignment] {
        var out: [Assignment?] = Array(repeating: nil, count: names.count)
        var taken: Set<Int> = []
        // Known names in byte order, so the first of two clashing names is stable.
        let order = names.indices.sorted { Array(names[$0].utf8).lexicographicallyPrecedes(Array(names[$1].utf8)) }
        var unknown: [Int] = []
        for i in order {
            if let parsed = parse(names[i]), !taken.contains(parsed.ordinal) {
                taken.insert(parsed.ordinal)
                out[i] = Assignment(name: names[i], ordinal: parsed.ordinal, floorNumber: parsed.floorNumber, isKnown: true)
            } else {
                unknown.append(i)
            }
        }
        var next = (taken.max() ?? -1) + 1
        for i in unknown {
            out[i] = Assignment(name: names[i], ordinal: next, floorNumber: nil, isKnown: false)
            next += 1
        }
        // Every index was filled by one of the two loops above.
        return out.compactMap { $0 }
    }
}
