/// A binary min-heap of samples ordered by time, ties kept in arrival order — the player's reorder buffer.
///
/// - Complexity: push and pop O(log n), peek O(1).
struct ReorderBuffer {
    struct Entry {
        var sample: SensorSample
        var line: Int
        var sequence: Int

        func precedes(_ other: Entry) -> Bool {
            sample.timeSeconds < other.sample.timeSeconds
                || (sample.timeSeconds == other.sample.timeSeconds && sequence < other.sequence)
        }
    }

    private var heap: [Entry] = []
    private var nextSequence = 0

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }
    var first: Entry? { heap.first }

    mutating func push(_ sample: SensorSample, line: Int) {
        heap.append(Entry(sample: sample, line: line, sequence: nextSequence))
        nextSequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }

    mutating func removeAll() { heap.removeAll(keepingCapacity: true) }
}
