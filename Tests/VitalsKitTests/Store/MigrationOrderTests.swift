import Testing
import VitalsSQLite

@testable import VitalsKit

#if PostgreSQL
    @testable import VitalsPostgres
#endif

/// Migration identifiers ordered by their number, not as text ("v10" sorts between "v1" and
/// "v2" as text): the latest applied or unknown one is what schema messages name.
@Suite struct MigrationOrderTests {
    @Test func versionsOrderByNumber() {
        let ordered = ["v1-samples", "v2-local-start", "v9-logged-by", "v10-origin-of-subject", "v11-x", "v100-y"]
        #expect(ordered.sorted() != ordered, "as text the order differs, so this test can fail")
        for seed in 0..<20 {
            var generator = SplitMix(seed: UInt64(seed))
            #expect(MigrationOrder.sorted(ordered.shuffled(using: &generator)) == ordered)
        }
        #expect(MigrationOrder.latest(["v99-future", "v100-further"]) == "v100-further")
        #expect(MigrationOrder.latest([String]()) == nil)
        #expect(MigrationOrder.number("v10-origin-of-subject") == 10)
        #expect(MigrationOrder.number("vX") == nil && MigrationOrder.number("10-a") == nil)
        // The same number: by text. No number (another naming): after the numbered ones.
        #expect(MigrationOrder.sorted(["zeta", "v3-b", "v3-a", "v2"]) == ["v2", "v3-a", "v3-b", "zeta"])
    }

    /// The SQLite schema's registration order is its numeric order.
    @Test func theSQLiteMigrationsAreRegisteredInNumericOrder() {
        let registered = Schema.migrator.migrations
        #expect(MigrationOrder.sorted(registered) == registered)
    }

    #if PostgreSQL
        /// So is the PostgreSQL schema's list, which `migrate` applies in list order.
        @Test func thePostgreSQLMigrationsAreListedInNumericOrder() {
            let listed = PostgresSchema.migrations.map(\.identifier)
            #expect(MigrationOrder.sorted(listed) == listed)
            #expect(listed.last == "v11-source-rank")
        }
    #endif
}
