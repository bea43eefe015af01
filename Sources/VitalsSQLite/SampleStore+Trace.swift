import Foundation
import GRDB
import VitalsKit

/// Where the statements of the stores opened inside `tracingStatements` go (process-wide: a
/// `@TaskLocal` pushed outside any task crashed the statically linked release binary).
nonisolated(unsafe) private var currentTrace: (@Sendable (String) -> Void)?
private let traceLock = NSLock()

extension SampleStore {
    static var statementTrace: (@Sendable (String) -> Void)? {
        traceLock.lock()
        defer { traceLock.unlock() }
        return currentTrace
    }

    private static func setTrace(_ line: (@Sendable (String) -> Void)?) {
        traceLock.lock()
        currentTrace = line
        traceLock.unlock()
    }

    /// Runs `body` (which opens a store and uses it) with every statement that store's
    /// connection runs passed to `line`, from the first statement of its open on, its
    /// arguments inlined (SQLite's expanded SQL), each ending in `;`: the whole session,
    /// transactions balanced, so that `sqlite3` given the lines on a copy of the file does
    /// what the command did (bench/render.sh; `VITALS_TRACE_SQL=FILE`). The trace stays with
    /// the connection after `body` returns. Of a pool, only the writer is traced: its readers
    /// run alongside it, and their lines interleaved would not replay.
    public static func tracingStatements<T>(to line: @escaping @Sendable (String) -> Void, _ body: () throws -> T)
        rethrows -> T
    {
        setTrace(line)
        defer { setTrace(nil) }
        return try body()
    }

    /// Adds the trace of `tracingStatements`, when one is asked for, to `config`; called first
    /// on a new configuration, so that the statements of its other preparations are traced
    /// too. `readOnly`: also the read-only connections (a reader's single connection; not a
    /// pool's readers).
    static func addTrace(to config: inout Configuration, readOnly: Bool) {
        guard let line = statementTrace else { return }
        config.prepareDatabase { db in
            guard readOnly || !db.configuration.readonly else { return }
            db.trace(options: .statement) { event in
                guard case .statement(let statement) = event else { return }
                let sql = statement.expandedSQL
                guard !sql.hasPrefix("--") else { return }  // a trigger's sub-statement
                line(sql + ";")
            }
        }
    }
}
