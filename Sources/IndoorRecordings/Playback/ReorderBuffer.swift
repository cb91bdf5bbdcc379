/// The player's reorder buffer: samples come out by time, ties in arrival order.
///
/// Two parts. Samples no earlier than the last one in the run (the usual case: recordings are nearly in
/// order) are appended to an in-order run, a ring whose entries are moved in and out, never copied (nor
/// their strings retained). Earlier ones (a Wi-Fi batch written late) wait in a binary min-heap of small
/// keys (time, arrival number, slot), their samples in slots, so sifting never copies a sample. The next
/// sample out is the earlier of the run's front and the heap's top (at equal times, the earlier arrival).
/// - Complexity: push O(1) in order, O(log m) for one of m late samples held; pop O(1) from the run,
///   O(log m) from the heap; peek O(1).
struct ReorderBuffer: ~Copyable {
    struct Entry {
        var sample: SensorSample
        var line: Int
        var sequence: Int
    }

    /// What the heap orders: a late sample's time and arrival number, and the slot it waits in.
    private struct Key {
        var timeSeconds: Double
        var sequence: Int
        var slot: Int

        /// Earlier time first; at equal times, earlier arrival first.
        @inline(__always)
        static func precedes(_ t: Double, _ s: Int, _ u: Double, _ r: Int) -> Bool { t < u || (t == u && s < r) }

        @inline(__always)
        func precedes(_ other: Key) -> Bool { Key.precedes(timeSeconds, sequence, other.timeSeconds, other.sequence) }
    }

    private var run: UnsafeMutablePointer<Entry>
    private var runCapacity: Int
    private var runHead = 0
    private var runCount = 0
    private var heap: [Key] = []
    private var slots: [Entry?] = []
    private var freeSlots: [Int] = []
    private var nextSequence = 0

    init() {
        runCapacity = 64
        run = UnsafeMutablePointer<Entry>.allocate(capacity: runCapacity)
    }

    deinit {
        for index in 0..<runCount { runSlot(index).deinitialize(count: 1) }
        run.deallocate()
    }

    var count: Int { runCount + heap.count }
    var isEmpty: Bool { count == 0 }

    /// A copy of the first entry.
    var first: Entry? {
        guard count > 0 else { return nil }
        return frontIsRun ? runSlot(0).pointee : slots[heap[0].slot]
    }

    /// The first entry's sample time (no copy of the sample).
    @inline(__always)
    var firstTimeSeconds: Double? {
        guard count > 0 else { return nil }
        return frontIsRun ? runSlot(0).pointee.sample.timeSeconds : heap[0].timeSeconds
    }

    /// Whether the next entry out is the run's front (else the heap's top); the buffer is not empty.
    @inline(__always)
    private var frontIsRun: Bool {
        guard let top = heap.first else { return true }
        guard runCount > 0 else { return false }
        let front = runSlot(0)
        return Key.precedes(front.pointee.sample.timeSeconds, front.pointee.sequence, top.timeSeconds, top.sequence)
    }

    @inline(__always)
    private func runSlot(_ index: Int) -> UnsafeMutablePointer<Entry> { run + ((runHead + index) & (runCapacity - 1)) }

    mutating func push(_ sample: SensorSample, line: Int) {
        let t = sample.timeSeconds
        let sequence = nextSequence
        nextSequence += 1
        if runCount == 0 || !(t < runSlot(runCount - 1).pointee.sample.timeSeconds) {
            if runCount == runCapacity { growRun() }
            runSlot(runCount).initialize(to: Entry(sample: sample, line: line, sequence: sequence))
            runCount += 1
            return
        }
        let entry = Entry(sample: sample, line: line, sequence: sequence)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        heap.append(Key(timeSeconds: t, sequence: sequence, slot: slot))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Entry? {
        guard count > 0 else { return nil }
        if frontIsRun {
            let entry = (run + runHead).move()
            runHead = (runHead + 1) & (runCapacity - 1)
            runCount -= 1
            return entry
        }
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
        let entry = slots[top.slot].take()
        freeSlots.append(top.slot)
        return entry
    }

    mutating func removeAll() {
        for index in 0..<runCount { runSlot(index).deinitialize(count: 1) }
        runHead = 0
        runCount = 0
        heap.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        freeSlots.removeAll(keepingCapacity: true)
    }

    /// Doubles the run's ring, its entries moved to the front of the new one.
    private mutating func growRun() {
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: runCapacity * 2)
        for index in 0..<runCount { (grown + index).moveInitialize(from: runSlot(index), count: 1) }
        run.deallocate()
        run = grown
        runCapacity *= 2
        runHead = 0
    }
}
