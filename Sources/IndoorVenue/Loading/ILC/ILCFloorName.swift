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
/// unknown floors the ordinals above the highest known one, in the natural order of their names (runs of
/// digits compared as numbers, so `L2` comes before `L10`; or 0, 1, … when no name is known). A second folder naming an ordinal already taken (`F1` and `1F`) is treated
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
        unknown.sort { naturallyPrecedes(names[$0], names[$1]) }
        for i in unknown {
            out[i] = Assignment(name: names[i], ordinal: next, floorNumber: nil, isKnown: false)
            next += 1
        }
        // Every index was filled by one of the two loops above.
        return out.compactMap { $0 }
    }

    /// Whether `a` comes before `b` when runs of ASCII digits compare as numbers and the rest as bytes
    /// (`L2` before `L10`, `L10` before `M1`); names equal that way keep byte order.
    static func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) where p != q {
            switch (p, q) {
            case (.number(let m), .number(let n)): return m < n
            case (.number, .text): return true
            case (.text, .number): return false
            case (.text(let s), .text(let t)): return Array(s.utf8).lexicographicallyPrecedes(Array(t.utf8))
            }
        }
        return x.count != y.count ? x.count < y.count : Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    }

    private enum Chunk: Equatable {
        case text(String)
        case number(Int)
    }

    /// `a` cut into runs of ASCII digits (as numbers, capped) and runs of anything else.
    private static func chunks(_ a: String) -> [Chunk] {
        var out: [Chunk] = []
        var text = "", digits = ""
        func flushDigits() {
            if !digits.isEmpty { out.append(.number(Int(digits.prefix(18)) ?? Int.max)) }
            digits = ""
        }
        for c in a {
            if c.isASCII, c.isNumber {
                if !text.isEmpty { out.append(.text(text)) }
                text = ""
                digits.append(c)
            } else {
                flushDigits()
                text.append(c)
            }
        }
        flushDigits()
        if !text.isEmpty { out.append(.text(text)) }
        return out
    }
}
