// Test-side reference: the recording reader as it was before the single-pass reader (kept only to
// check that the reader in Sources finds the same samples; not used by the product).

@testable import IndoorRecordings

/// A binary min-heap of samples ordered by time, ties kept in arrival order — the player's reorder buffer.
///
/// The heap holds small keys (time, arrival number, slot); the samples wait in slots and are moved
/// once in and once out, so sifting never copies a sample (nor retains its strings).
/// - Complexity: push and pop O(log n), peek O(1).
struct ReferenceReorderBuffer {
    struct Entry {
        var sample: SensorSample
        var line: Int
        var sequence: Int

        func precedes(_ other: Entry) -> Bool {
            Key.precedes(sample.timeSeconds, sequence, other.sample.timeSeconds, other.sequence)
        }
    }

    /// What the heap orders: the sample's time and arrival number, and where the sample waits.
    private struct Key {
        var timeSeconds: Double
        var sequence: Int
        var slot: Int

        /// Earlier time first; at equal times, earlier arrival first.
        static func precedes(_ t: Double, _ s: Int, _ u: Double, _ r: Int) -> Bool { t < u || (t == u && s < r) }

        func precedes(_ other: Key) -> Bool { Key.precedes(timeSeconds, sequence, other.timeSeconds, other.sequence) }
    }

    private var heap: [Key] = []
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var nextSequence = 0

    var count: Int { heap.count }
    var isEmpty: Bool { heap.isEmpty }
    var first: Entry? { heap.first.flatMap { slots[$0.slot] } }

    mutating func push(_ sample: SensorSample, line: Int) {
        let entry = Entry(sample: sample, line: line, sequence: nextSequence)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        heap.append(Key(timeSeconds: sample.timeSeconds, sequence: nextSequence, slot: slot))
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
        var entry: Entry?
        swap(&entry, &slots[top.slot])
        freeSlots.append(top.slot)
        return entry
    }

    mutating func removeAll() {
        heap.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
    }
}
