import Foundation
import XCTest

@testable import VitalsKit

/// `ParallelMap.forEachInOrder` hands every result to the consumer once, in input order, and
/// while later inputs are still being transformed (so results are not all held at once).
final class ParallelMapInOrderTests: XCTestCase {
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var events: [String] = []
        func add(_ event: String) { lock.withLock { events.append(event) } }
    }

    func testResultsAreConsumedInOrderAsTheyAreReady() {
        for count in [0, 1, 2, 7, 300] {
            let log = Log()
            var consumed: [Int] = []
            ParallelMap.forEachInOrder(
                Array(0..<count),
                { index -> Int in
                    // Uneven work, so results finish out of order.
                    var sum = 0
                    for step in 0..<((index * 7919) % 5000) { sum &+= step }
                    log.add("done \(index)")
                    return index + sum * 0
                },
                consume: { value in
                    log.add("consume \(value)")
                    consumed.append(value)
                })
            XCTAssertEqual(consumed, Array(0..<count), "count \(count)")
            guard count == 300 else { continue }
            let events = log.events
            let firstConsumed = events.firstIndex(of: "consume 0") ?? .max
            let lastDone = events.lastIndex { $0.hasPrefix("done ") } ?? -1
            XCTAssertLessThan(firstConsumed, lastDone, "the first result was held until every input was done")
        }
    }
}
