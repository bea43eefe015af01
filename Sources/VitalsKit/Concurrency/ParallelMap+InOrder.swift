import Dispatch
import Foundation

extension ParallelMap {
    /// Runs `transform` over `inputs` on every core and hands each result to `consume` in
    /// input order, one call at a time, as soon as it and every result before it are ready;
    /// a result is let go once consumed, so only those waiting for an earlier one are held.
    static func forEachInOrder<Input: Sendable, Output: Sendable>(
        _ inputs: [Input], _ transform: @Sendable (Input) -> Output,
        consume: (Output) -> Void
    ) {
        guard inputs.count > 1 else {
            for input in inputs { consume(transform(input)) }
            return
        }
        withoutActuallyEscaping(consume) { consume in
            let drain = OrderedDrain<Output>(count: inputs.count, consume: consume)
            DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
                drain.set(index, transform(inputs[index]))
            }
            drain.drain()
        }
    }
}

/// Results waiting for the ones before them, and the one consumer they go to in order.
private final class OrderedDrain<Output>: @unchecked Sendable {
    private var slots: [Output?]
    private var next = 0
    /// Guards `slots` and `next`.
    private let slotLock = NSLock()
    /// Held while consuming: `consume` runs on one thread at a time.
    private let consumeLock = NSLock()
    private let consume: (Output) -> Void

    init(count: Int, consume: @escaping (Output) -> Void) {
        slots = Array(repeating: nil, count: count)
        self.consume = consume
    }

    func set(_ index: Int, _ value: Output) {
        slotLock.withLock { slots[index] = value }
        drain()
    }

    /// Consumes every result that is ready and next in order.
    ///
    /// A thread that finds another consuming goes back to its work instead of waiting until
    /// the other has consumed (`vitals validate` merges each file as it is read, about a tenth
    /// of its work): the consumer looks again for a next result after letting the lock go, so
    /// none set meanwhile is left behind.
    func drain() {
        while consumeLock.try() {
            while let ready = takeNext() { consume(ready) }
            consumeLock.unlock()
            guard nextIsReady() else { return }
        }
    }

    private func nextIsReady() -> Bool {
        slotLock.withLock { next < slots.count && slots[next] != nil }
    }

    private func takeNext() -> Output? {
        slotLock.withLock {
            guard next < slots.count, let value = slots[next] else { return nil }
            slots[next] = nil
            next += 1
            return value
        }
    }
}
