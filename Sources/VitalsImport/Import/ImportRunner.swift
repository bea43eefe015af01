import Foundation
import VitalsKit

/// Runs one importer on one file into a store: the whole import one write transaction (a
/// damaged file or an interrupted import leaves the store as it was), a first import into an
/// empty store under the bulk-load journal. A dry run does the same work, then rolls the
/// transaction back, so its receipt is exactly what the import would store.
package enum ImportRunner {
    package static func run(
        _ importer: any Importer, source: ImportSource, into store: SampleStore,
        subjectID: String, dryRun: Bool
    ) throws -> ImportReceipt {
        if dryRun {
            do {
                _ = try store.inTransaction { db -> ImportReceipt in
                    var receipt = try db.bulkInserting { try importer.store(source, in: db, subjectID: subjectID) }
                    receipt.dryRun = true
                    throw DryRunRollback(receipt: receipt)
                }
            } catch let rollback as DryRunRollback {
                return rollback.receipt
            }
        }
        return try store.withBulkLoadJournal { _ in
            try store.inTransaction { db in
                try db.bulkInserting { try importer.store(source, in: db, subjectID: subjectID) }
            }
        }
    }

    /// Thrown out of a dry run's transaction, so it rolls back, with what it would have stored.
    private struct DryRunRollback: Error {
        var receipt: ImportReceipt
    }
}
