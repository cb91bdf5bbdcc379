/// A binary min-heap of (key, value) pairs, for Dijkstra and A*.
///
/// Lazy deletion: callers push a node again with a smaller key and skip stale entries on pop.
/// Entries sit in one contiguous array and sifting moves a hole instead of swapping.
/// - Complexity: push and popMin O(log n); peek O(1).
struct BinaryHeap {
    struct Entry {
        var key: Double
        var value: Int32
    }
    private var entries: [Entry] = []

    init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    mutating func push(_ value: Int32, key: Double) {
        entries.append(Entry(key: key, value: value))
        entries.withUnsafeMutableBufferPointer { e in
            var i = e.count - 1
            let moving = e[i]
            while i > 0 {
                let parent = (i &- 1) >> 1
                guard e[parent].key > moving.key else { break }
                e[i] = e[parent]
                i = parent
            }
            e[i] = moving
        }
    }

    /// Removes and returns the entry with the smallest key.
    mutating func popMin() -> (value: Int32, key: Double)? {
        guard let first = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries.withUnsafeMutableBufferPointer { e in
                let n = e.count
                var i = 0
                while true {
                    let l = 2 &* i &+ 1
                    if l >= n { break }
                    let r = l &+ 1
                    let m = (r < n && e[r].key < e[l].key) ? r : l
                    guard e[m].key < last.key else { break }
                    e[i] = e[m]
                    i = m
                }
                e[i] = last
            }
        }
        return (first.value, first.key)
    }

    /// Checks the heap property (tests).
    func isValid() -> Bool {
        for i in entries.indices.dropFirst() where entries[(i - 1) >> 1].key > entries[i].key { return false }
        return true
    }
}
