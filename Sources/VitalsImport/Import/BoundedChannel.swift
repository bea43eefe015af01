import Foundation
import VitalsKit

/// A bounded hand-off between two threads: row batches from the thread reading the export to
/// the thread writing the database, or inflated chunks of a zipped export to the parser. The
/// producer blocks when `capacity` items wait, so memory stays flat.
final class BoundedChannel<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [Item] = []
    private var finished = false
    private var failure: Error?
    private var cancelled = false
    /// Items the consumer is done with, for the producer to reuse (and free their contents).
    private var spares: [Item] = []
    private let capacity: Int

    init(capacity: Int = 4) { self.capacity = capacity }

    /// Hands over a batch; throws `CancellationError` when the writer gave up.
    func send(_ batch: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= capacity && !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        batches.append(batch)
        condition.broadcast()
    }

    /// Marks the end of input, with the reader's error if it failed.
    func finish(_ error: Error?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch; nil at the end. Throws the reader's error once the batches before it are taken.
    func receive() throws -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && !finished { condition.wait() }
        if !batches.isEmpty {
            condition.broadcast()
            return batches.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// Hands a written batch back to the reader (see `takeSpare`).
    func giveBack(_ batch: Item) {
        condition.lock()
        if spares.count < capacity { spares.append(batch) }
        condition.unlock()
    }

    /// A batch the writer is done with, if any: the reader empties and refills it, so the rows'
    /// strings are released on the reading thread and the array's storage is reused.
    func takeSpare() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        return spares.popLast()
    }

    /// Tells the reader to stop (the writer failed).
    func cancel() {
        condition.lock()
        cancelled = true
        batches.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
