import Dispatch
import Foundation
import Synchronization

/// Independent jobs (one per walk, seed or pair batch) run on several cores with Dispatch, their results
/// in input order, so a run with N jobs gives the same output as one with one job.
///
/// Each job must touch only its own values (the shared venue, registry and configuration are read
/// only); the caller merges the results afterwards, in order, exactly as the one-core loop did.
public enum ParallelJobs {
    /// The number of jobs to run at once: `requested`, else the machine's active processor count.
    public static func count(_ requested: Int?) -> Int { max(1, requested ?? ProcessInfo.processInfo.activeProcessorCount) }

    /// `body(index, input)` for every input, at most `jobs` at a time, the results in input order.
    /// `progress` (when given) is called under a lock, in start order, with the number of jobs
    /// started and the input just started (for a progress line). With `jobs == 1` everything runs on
    /// the calling thread, in order, as a plain loop.
    /// - Parameter costs: each input's expected cost (e.g. its file's size), when known: with several
    ///   jobs the costliest start first, so no long job is left to run alone at the end.
    /// - Complexity: the inputs are taken one at a time from a shared counter, so long and short jobs
    ///   balance across the workers.
    public static func map<Input, Output>(
        _ inputs: [Input], jobs: Int, costs: [Double]? = nil, progress: ((Int, Input) -> Void)? = nil,
        _ body: (Int, Input) -> Output
    ) -> [Output] {
        if jobs <= 1 || inputs.count <= 1 {
            return inputs.enumerated().map { index, input in
                progress?(index, input)
                return body(index, input)
            }
        }
        let slots = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize().deallocate() }
        let next = Mutex(0)
        var order = Array(inputs.indices)
        if let costs, costs.count == inputs.count {
            order.sort { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : $0 < $1 }
        }
        withoutActuallyEscaping(body) { body in
            withoutActuallyEscaping(progress ?? { _, _ in }) { progress in
                let work = UnsafeJobs(body: body, progress: progress, inputs: inputs, order: order, slots: slots)
                DispatchQueue.concurrentPerform(iterations: min(jobs, inputs.count)) { _ in
                    while true {
                        let index: Int? = next.withLock { counter in
                            guard counter < work.inputs.count else { return nil }
                            counter += 1
                            let index = work.order[counter - 1]
                            work.progress(counter - 1, work.inputs[index])
                            return index
                        }
                        guard let index else { return }
                        work.slots[index] = work.body(index, work.inputs[index])
                    }
                }
            }
        }
        return slots.map { slot in
            guard let slot else { preconditionFailure("ParallelJobs: a job left no result") }
            return slot
        }
    }

    /// Each file's size in bytes (0 where it cannot be read): the cost of a job that reads it, for ``map(_:jobs:costs:progress:_:)``.
    public static func fileSizes(_ files: [String]) -> [Double] { files.map { Double(byteCount(ofFile: $0) ?? 0) } }

    /// The size of the file at `path` in bytes, nil where it cannot be read.
    public static func byteCount(ofFile path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    }

    /// The job's closures and buffers handed to the worker threads. Each slot is written by exactly one
    /// worker and read only after every worker has finished; the closures are the caller's, which
    /// promises its jobs share nothing mutable.
    private struct UnsafeJobs<Input, Output>: @unchecked Sendable {
        let body: (Int, Input) -> Output
        let progress: (Int, Input) -> Void
        let inputs: [Input]
        let order: [Int]
        let slots: UnsafeMutableBufferPointer<Output?>
    }
}
