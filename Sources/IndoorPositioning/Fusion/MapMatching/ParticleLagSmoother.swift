import IndoorGeometry

/// Fixed-lag smoothing of the particle map matcher: the estimate of epoch k is the mean, under the
/// weights of epoch k + L, of the positions that the particles alive at k + L had at epoch k (their
/// ancestors through every resampling in between). A particle that went down the wrong corridor and
/// died at a wall L steps later no longer counts at k.
///
/// Keeps the last L + 1 epochs' particle sets (positions, heading biases, weights and each particle's
/// ancestor index at the previous epoch), so its memory is bounded by L × particle count, whatever the
/// recording's length (L = 20 and 300 particles: about 0.3 MB); the smoothed means, three numbers an
/// epoch, are kept for the whole recording.
///
/// Reference: Kitagawa, "Monte Carlo filter and smoother for non-Gaussian nonlinear state space models",
/// 1996, §4 (the fixed-lag smoother from stored ancestries); Doucet & Johansen, "A tutorial on particle
/// filtering and smoothing", 2009, §5.
struct ParticleLagSmoother {
    /// A particle set at the close of one epoch.
    struct Snapshot {
        /// The epoch it closes (set by ``close(epoch:particles:)``).
        var epoch: Int
        var east: [Double]
        var north: [Double]
        var headingBias: [Double]
        var weights: [Double]
        /// Each particle's index at the previous snapshot (nil: the identity, or no previous snapshot).
        var ancestry: [Int32]?
    }

    /// The smoothed mean of one epoch.
    struct Mean: Hashable, Sendable {
        var east: Double
        var north: Double
        var headingBias: Double
        /// The particles' position spread about the mean under the smoothed weights, m² (nil where not computed).
        var spread: Covariance2D? = nil
    }

    /// L, epochs.
    let lagEpochs: Int
    /// The last L + 1 snapshots, oldest first.
    private var window: [Snapshot] = []
    /// The smoothed mean per epoch index (nil where no particles ran or not yet computed).
    private(set) var means: [Mean?] = []

    init(lagEpochs: Int) { self.lagEpochs = max(0, lagEpochs) }

    /// Clears everything (a restart).
    mutating func reset() {
        window.removeAll()
        means.removeAll()
    }

    /// Takes the particle set that closes `epoch` (nil without particles: that epoch has no mean, and
    /// the ancestry chain restarts). Once L later epochs are in, the oldest epoch's mean is computed.
    mutating func close(epoch: Int, particles: Snapshot?) {
        while means.count <= epoch { means.append(nil) }
        guard var particles else {
            flush()
            return
        }
        particles.epoch = epoch
        if let last = window.last, last.east.count != particles.east.count || last.epoch != epoch - 1 {
            flush()
        }
        window.append(particles)
        if window.count > lagEpochs {
            let oldest = window[0].epoch
            means[oldest] = smoothedMeans(through: 0).first ?? nil
            window.removeFirst()
        }
    }

    /// Computes the means of every epoch still in the window from the newest set, and empties it
    /// (the end of the recording, or a break in the particles).
    mutating func flush() {
        guard !window.isEmpty else { return }
        let computed = smoothedMeans(through: window.count - 1)
        for (offset, mean) in computed.enumerated() { means[window[offset].epoch] = mean }
        window.removeAll()
    }

    /// The means of window[0…last] under the newest set's weights, tracing each newest particle back.
    private func smoothedMeans(through last: Int) -> [Mean?] {
        guard let newest = window.last else { return [] }
        var index = (0..<newest.east.count).map { $0 }
        var result = [Mean?](repeating: nil, count: last + 1)
        for position in stride(from: window.count - 1, through: 0, by: -1) {
            let set = window[position]
            if position <= last {
                var east = 0.0, north = 0.0, bias = 0.0, total = 0.0
                for (i, w) in newest.weights.enumerated() {
                    let j = index[i]
                    east += w * set.east[j]
                    north += w * set.north[j]
                    bias += w * set.headingBias[j]
                    total += w
                }
                if total > 0 { result[position] = Mean(east: east / total, north: north / total, headingBias: bias / total) }
            }
            if position > 0, let ancestry = set.ancestry {
                for i in index.indices { index[i] = Int(ancestry[index[i]]) }
            }
        }
        return result
    }
}
