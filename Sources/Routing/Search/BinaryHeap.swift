/// A binary min-heap of (key, value) pairs, for Dijkstra and A*.
///
/// Lazy deletion: callers push a node again with a smaller key and skip stale entries on pop.
/// - Complexity: push and popMin O(log n); peek O(1).
struct BinaryHeap {
    private var keys: [Double] = []
    private var values: [Int32] = []

    init(capacity: Int = 0) {
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    mutating func push(_ value: Int32, key: Double) {
        keys.append(key)
        values.append(value)
        var i = keys.count - 1
        while i > 0 {
            let parent = (i - 1) >> 1
            guard keys[parent] > keys[i] else { break }
            keys.swapAt(parent, i)
            values.swapAt(parent, i)
            i = parent
        }
    }

    /// Removes and returns the entry with the smallest key.
    mutating func popMin() -> (value: Int32, key: Double)? {
        guard let firstKey = keys.first, let firstValue = values.first else { return nil }
        let lastKey = keys.removeLast(), lastValue = values.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            values[0] = lastValue
            var i = 0
            let n = keys.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < n && keys[l] < keys[m] { m = l }
                if r < n && keys[r] < keys[m] { m = r }
                if m == i { break }
                keys.swapAt(m, i)
                values.swapAt(m, i)
                i = m
            }
        }
        return (firstValue, firstKey)
    }

    /// Checks the heap property (tests).
    func isValid() -> Bool {
        for i in keys.indices.dropFirst() where keys[(i - 1) >> 1] > keys[i] { return false }
        return true
    }
}
