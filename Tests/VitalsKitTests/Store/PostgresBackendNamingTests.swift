#if PostgreSQL
    import Foundation
    import Testing
    import XCTest
    @testable import VitalsKit
    @testable import VitalsPostgres

    /// A failure inside `StoreBackend.each` says which backend it happened on. Checked by running a
    /// probe XCTest case whose test run keeps the failures instead of reporting them
    /// (swift-corelibs-xctest has no XCTExpectFailure; a test case's `testRunClass` is the hook).
    @Suite(.serialized) struct PostgresBackendNamingTests {
        /// An XCTest case recording into a `KeepingRun`.
        final class Probe: StoreBackendTestCase {
            override var testRunClass: AnyClass? { KeepingRun.self }
        }

        /// A test run that keeps the failures' descriptions and tells no observer. XCTest's current
        /// test case is one for the whole process, so while the probe runs, an XCTest assertion in any
        /// concurrently running Swift Testing test lands here too: only the failures recorded in this
        /// file, or for an error the test threw (XCTest names no file for that), are the probe's.
        final class KeepingRun: XCTestCaseRun {
            var failures: [String] = []

            override func start() {}
            override func stop() {}
            override func recordFailure(
                withDescription description: String, inFile filePath: String?, atLine lineNumber: Int,
                expected: Bool
            ) {
                guard filePath.map({ $0 == PostgresBackendNamingTests.file || !$0.hasSuffix(".swift") }) ?? true else {
                    return
                }
                failures.append(description)
            }
        }

        static let file = #filePath

        struct Boom: Error, CustomStringConvertible {
            var description: String { "boom" }
        }

        /// The failures `test` records when run as an XCTest case. XCTest waits for its async
        /// set-up on a run loop while a task runs it, so the probe runs on a thread of its own
        /// while this task is suspended (blocking a thread of the concurrency pool could starve
        /// that task).
        private func failures(of test: @escaping @Sendable (XCTestCase) throws -> Void) async -> [String] {
            await withCheckedContinuation { continuation in
                let thread = Thread {
                    let probe = Probe(name: "probe", testClosure: test)
                    probe.run()
                    continuation.resume(returning: (probe.testRun as? KeepingRun)?.failures ?? ["no KeepingRun"])
                }
                thread.start()
            }
        }

        @Test func assertionsAndErrorsInsideEachNameTheBackend() async {
            let backends = StoreBackend.available
            let recorded = await failures { _ in
                try StoreBackend.each {
                    XCTAssertEqual(StoreBackend.current.rawValue, "neither")
                    if StoreBackend.current == backends.last { throw Boom() }
                }
            }
            #expect(recorded.count == backends.count + 1, "\(recorded)")
            for (backend, failure) in zip(backends, recorded) {
                #expect(failure.hasPrefix("[\(backend)] XCTAssertEqual failed: (\"\(backend)\")"), "\(failure)")
            }
            #expect(recorded.last == "threw error \"[\(backends.last!)] boom\"")
        }

        @Test func failuresOutsideEachAreLeftAsTheyAre() async {
            let recorded = await failures { _ in
                XCTAssertTrue(false, "outside")
                StoreBackend.each {}
                XCTFail("after")
                throw Boom()
            }
            #expect(recorded == ["XCTAssertTrue failed - outside", "failed - after", "threw error \"boom\""])
        }

        @Test func aSkipInsideEachStaysASkip() {
            #expect(throws: XCTSkip.self) {
                try StoreBackend.each { throw XCTSkip("not here") }
            }
            #expect(throws: StoreBackend.Failure.self) {
                try StoreBackend.each { throw Boom() }
            }
        }
    }
#endif
