/// The nearest of a list of names to a mistyped one, by edit distance.
public enum Suggestion {
    /// The candidate within edit distance 2 (or a third of the name's length, whichever is larger) of
    /// `name`, nearest first; `nil` when none is that close.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        let limit = max(2, name.count / 3)
        let scored = candidates.map { ($0, distance(name, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Edit distance with adjacent transpositions (optimal string alignment): insertions, deletions,
    /// substitutions and swaps of two neighbouring characters each cost 1, so `--form` is 1 from `--from`.
    /// - Complexity: O(m·n) time and memory.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
