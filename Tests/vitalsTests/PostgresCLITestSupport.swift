#if PostgreSQL
    import TestSupport
    import XCTest

    extension XCTestCase {
        /// The test process's throwaway PostgreSQL server; skips the test when there is none, and
        /// fails it first when CI requires one (`VITALS_REQUIRE_VALIDATORS=1`).
        func postgresServer() throws -> PostgresTestServer {
            switch PostgresTestServer.shared() {
            case .success(let server): return server
            case .failure(let reason):
                if PostgresTestServer.required {
                    XCTFail("PostgreSQL is required (VITALS_REQUIRE_VALIDATORS=1): \(reason)")
                }
                throw XCTSkip("no PostgreSQL server for the tests: \(reason)")
            }
        }
    }

    /// The environment of a command run against the test server: none of the tester's own
    /// PostgreSQL settings (password, service, password file), no colour.
    let postgresCLIEnvironment = ["PGPASSWORD": "", "PGSERVICE": "", "PGPASSFILE": "/nonexistent", "NO_COLOR": "1"]
#endif
