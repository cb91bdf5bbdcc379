/// The recent RSSI readings of one beacon, averaged over a sliding time window.
/// - Complexity: amortised O(1) per reading and per prune.
struct RSSIWindow: Sendable {
    private var times: [Double] = []
    private var values: [Double] = []
    private var start = 0
    private var sum = 0.0

    /// Readings in the window.
    var count: Int { times.count - start }

    /// Mean RSSI in the window, dBm; `nil` when empty.
    var meanDbm: Double? { count > 0 ? sum / Double(count) : nil }

    /// Time of the newest reading.
    var newestTime: Double? { count > 0 ? times.last : nil }

    /// Mean time of the readings in the window, seconds (the time their mean refers to); `nil` when empty.
    var meanTimeSeconds: Double? { count > 0 ? times[start...].reduce(0, +) / Double(count) : nil }

    mutating func append(timeSeconds: Double, rssiDbm: Double) {
        times.append(timeSeconds)
        values.append(rssiDbm)
        sum += rssiDbm
    }

    /// Forgets readings older than `oldestTime`.
    mutating func prune(olderThan oldestTime: Double) {
        while start < times.count, times[start] < oldestTime {
            sum -= values[start]
            start += 1
        }
        if start == times.count {
            times.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
            start = 0
            sum = 0
        } else if start > 64, start * 2 > times.count {
            times.removeFirst(start)
            values.removeFirst(start)
            start = 0
            sum = values.reduce(0, +)
        }
    }
}
