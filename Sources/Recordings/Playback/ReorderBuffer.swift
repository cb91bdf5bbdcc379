/// The player's reorder buffer: samples kept sorted by time, ties in arrival order.
///
/// A ring of entries in time order. A sample no earlier than the newest one held (the usual case:
/// recordings are nearly in order) goes to the back in O(1); an earlier one is moved into place from the
/// back, past the entries later than it (few: those within the player's reorder window). The first is
/// taken from the front in O(1). Entries are moved in and out of the ring, never copied (nor their
/// strings retained).
/// - Complexity: push O(1) in order, O(k) for a sample earlier than k held ones; pop and peek O(1).
struct ReorderBuffer: ~Copyable {
    struct Entry {
        var sample: SensorSample
        var line: Int
        var sequence: Int
    }

    private var storage: UnsafeMutablePointer<Entry>
    private var capacity: Int
    private var head = 0
    private(set) var count = 0
    private var nextSequence = 0

    init() {
        capacity = 64
        storage = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    }

    deinit {
        for index in 0..<count { slot(index).deinitialize(count: 1) }
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// A copy of the first entry.
    var first: Entry? { count > 0 ? storage[head] : nil }

    /// The first entry's sample time (no copy of the sample).
    @inline(__always)
    var firstTimeSeconds: Double? { count > 0 ? storage[head].sample.timeSeconds : nil }

    @inline(__always)
    private func slot(_ index: Int) -> UnsafeMutablePointer<Entry> { storage + ((head + index) & (capacity - 1)) }

    mutating func push(_ sample: SensorSample, line: Int) {
        if count == capacity { grow() }
        let t = sample.timeSeconds
        var index = count
        // Past the held entries later than `t` (none when the sample is in order).
        while index > 0, slot(index - 1).pointee.sample.timeSeconds > t {
            slot(index).moveInitialize(from: slot(index - 1), count: 1)
            index -= 1
        }
        slot(index).initialize(to: Entry(sample: sample, line: line, sequence: nextSequence))
        nextSequence += 1
        count += 1
    }

    mutating func pop() -> Entry? {
        guard count > 0 else { return nil }
        let entry = (storage + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return entry
    }

    mutating func removeAll() {
        for index in 0..<count { slot(index).deinitialize(count: 1) }
        head = 0
        count = 0
    }

    /// Doubles the ring, its entries moved to the front of the new one.
    private mutating func grow() {
        let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        for index in 0..<count { (grown + index).moveInitialize(from: slot(index), count: 1) }
        storage.deallocate()
        storage = grown
        capacity *= 2
        head = 0
    }
}
