import Dispatch
import Foundation

/// Maps over an array on every core, keeping the input order in the result. The transform
/// runs on other threads: task-local values of the caller are not set there
/// (`mapInCallersWords` carries the two a composition reads).
package enum ParallelMap {
    package static func map<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output
    ) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let results = ResultSlots<Output>(count: inputs.count)
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            results.set(index, transform(inputs[index]))
        }
        return results.values()
    }
}

/// Slots written once each from concurrent iterations, then read after all have finished.
private final class ResultSlots<Output>: @unchecked Sendable {
    private var slots: [Output?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Output) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    func values() -> [Output] { slots.map { $0! } }
}
