import GRDB
import VitalsKit

/// The store's versioned schema, as GRDB migrations; each migration is applied once, in order.
///
/// Never edit a shipped migration: add a new one. A database that has migrations this build
/// does not know was written by a newer vitals and is refused (see `SampleStore.open`).
package enum Schema {
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-samples") { db in
            // Times are integer seconds since 1970 (UTC); value is in the series' base unit.
            // The unique natural key makes imports idempotent (INSERT OR IGNORE) and serves
            // lookups by UTC start. category, tag and source are '' rather than NULL so the
            // natural key treats "no tag" as one value (NULLs are all distinct in a unique index).
            try db.execute(
                sql: """
                    CREATE TABLE sample (
                        id INTEGER PRIMARY KEY,
                        series TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        start INTEGER NOT NULL,
                        "end" INTEGER NOT NULL,
                        utc_offset INTEGER NOT NULL,
                        value REAL NOT NULL,
                        category TEXT NOT NULL DEFAULT '',
                        tag TEXT NOT NULL DEFAULT '',
                        source TEXT NOT NULL DEFAULT 'manual',
                        note TEXT,
                        metadata TEXT,
                        CHECK ("end" >= start),
                        CHECK (utc_offset BETWEEN -64800 AND 64800)
                    );
                    CREATE UNIQUE INDEX sample_natural_key
                        ON sample(series, subject, start, "end", value, category, tag, source);
                    CREATE INDEX sample_series_subject_start
                        ON sample(series, subject, start, utc_offset, value, category, tag);
                    CREATE TABLE milestone (
                        subject TEXT NOT NULL,
                        milestone TEXT NOT NULL,
                        done_on TEXT NOT NULL,
                        note TEXT,
                        PRIMARY KEY (subject, milestone)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2-local-start") { db in
            // Wall-clock seconds at the recorded offset (start + utc_offset): chart queries range
            // over (series, subject, local_start) with one index scan per bucket. A plain column,
            // not GENERATED, so the index covers the queries (SQLite 3.40 does not cover through
            // generated columns). `SampleStore.insert` writes it; the trigger fills it for any
            // other writer that leaves it out.
            try db.execute(
                sql: """
                    ALTER TABLE sample ADD COLUMN local_start INTEGER CHECK (local_start = start + utc_offset);
                    UPDATE sample SET local_start = start + utc_offset;
                    DROP INDEX sample_series_subject_start;
                    CREATE INDEX sample_series_subject_local
                        ON sample(series, subject, local_start, value, category, tag);
                    CREATE TRIGGER sample_fill_local_start AFTER INSERT ON sample
                        WHEN NEW.local_start IS NULL
                    BEGIN
                        UPDATE sample SET local_start = NEW.start + NEW.utc_offset WHERE id = NEW.id;
                    END;
                    """)
        }
        migrator.registerMigration("v3-key-hash") { db in
            // The natural key as one integer (`SampleKey`) under a unique index, replacing the
            // eight-column text index, which cost an import most of its insert time and file
            // size. Rows with a NULL key_hash (a hash collision, or a writer that does
            // not know the column) are looked up by their columns through the partial index;
            // `SampleInserter` checks both, so a natural key is still stored at most once.
            try db.execute(
                sql: """
                    ALTER TABLE sample ADD COLUMN key_hash INTEGER;
                    DROP INDEX sample_natural_key;
                    CREATE UNIQUE INDEX sample_key_hash ON sample(key_hash);
                    CREATE INDEX sample_unhashed ON sample(series, subject, start) WHERE key_hash IS NULL;
                    """)
            try fillKeyHashes(db)
        }
        migrator.registerMigration("v4-sample-origin") { db in
            // What an imported sample's source app version and device were, stored once per
            // pair instead of in every row's metadata JSON (a third of an import's bytes).
            // `SampleStore.samples` puts them back into the metadata object it returns, as
            // `sourceVersion` and `device` members; SQL readers join on `origin`.
            try db.execute(
                sql: """
                    CREATE TABLE sample_origin (
                        id INTEGER PRIMARY KEY,
                        source_version TEXT,
                        device TEXT
                    );
                    ALTER TABLE sample ADD COLUMN origin INTEGER;
                    """)
        }
        // v5 and v6 are PostgreSQL's own (grants, a STRICT function); the next shared one is v7.
        migrator.registerMigration("v7-log-batch") { db in
            // Which `vitals log` command wrote a typed-in entry (the id of its first new row),
            // so `vitals undo` removes that command's entries only, even beside another `log`
            // of the same second. NULL for imports and for entries logged before v7.
            try db.execute(
                sql: """
                    ALTER TABLE sample ADD COLUMN log_batch INTEGER;
                    CREATE INDEX sample_log_batch ON sample(subject, log_batch) WHERE log_batch IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v8-ids-never-reused") { db in
            // An entry's id is what `vitals delete ID` and `edit ID` name: with a plain INTEGER
            // PRIMARY KEY SQLite hands the largest id out again once its row is deleted, so a
            // repeated `delete 2` would remove another entry. AUTOINCREMENT never reuses one
            // (as PostgreSQL's identity column does not); SQLite adds it only to a new table, so
            // the table is built again with every column, row, index and the trigger.
            try db.execute(
                sql: """
                    CREATE TABLE sample_v8 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        series TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        start INTEGER NOT NULL,
                        "end" INTEGER NOT NULL,
                        utc_offset INTEGER NOT NULL,
                        value REAL NOT NULL,
                        category TEXT NOT NULL DEFAULT '',
                        tag TEXT NOT NULL DEFAULT '',
                        source TEXT NOT NULL DEFAULT 'manual',
                        note TEXT,
                        metadata TEXT,
                        local_start INTEGER CHECK (local_start = start + utc_offset),
                        key_hash INTEGER,
                        origin INTEGER,
                        log_batch INTEGER,
                        CHECK ("end" >= start),
                        CHECK (utc_offset BETWEEN -64800 AND 64800)
                    );
                    INSERT INTO sample_v8 (id, series, subject, start, "end", utc_offset, value, category, tag, source,
                                           note, metadata, local_start, key_hash, origin, log_batch)
                        SELECT id, series, subject, start, "end", utc_offset, value, category, tag, source,
                               note, metadata, local_start, key_hash, origin, log_batch FROM sample;
                    DROP TABLE sample;
                    ALTER TABLE sample_v8 RENAME TO sample;
                    CREATE INDEX sample_series_subject_local
                        ON sample(series, subject, local_start, value, category, tag);
                    CREATE UNIQUE INDEX sample_key_hash ON sample(key_hash);
                    CREATE INDEX sample_unhashed ON sample(series, subject, start) WHERE key_hash IS NULL;
                    CREATE INDEX sample_log_batch ON sample(subject, log_batch) WHERE log_batch IS NOT NULL;
                    CREATE TRIGGER sample_fill_local_start AFTER INSERT ON sample
                        WHEN NEW.local_start IS NULL
                    BEGIN
                        UPDATE sample SET local_start = NEW.start + NEW.utc_offset WHERE id = NEW.id;
                    END;
                    """)
        }
        // v9 and v10 are PostgreSQL's own (logged_by, origins of a subject).
        migrator.registerMigration("v11-source-rank") { db in
            // The order an import stated for the sources of a series (Health Connect's priority
            // list per data category, mapped to the series its record tables feed): what
            // `overlapping_sources: priority` ranks by when the YAML gives no `source_priority`.
            // Rank 0 is preferred. An import replaces a series' rows in its own transaction.
            try db.execute(
                sql: """
                    CREATE TABLE source_rank (
                        subject TEXT NOT NULL,
                        series TEXT NOT NULL,
                        source TEXT NOT NULL,
                        rank INTEGER NOT NULL,
                        PRIMARY KEY (subject, series, source)
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    /// Computes `key_hash` for the rows of a database made before v3, a few thousand rows at a
    /// time (memory stays flat). Rows were unique by their columns, so a row whose integer is
    /// already taken is a collision: `OR IGNORE` leaves it NULL, where lookups still find it.
    private static func fillKeyHashes(_ db: Database) throws {
        let update = try db.makeStatement(sql: "UPDATE OR IGNORE sample SET key_hash = ? WHERE id = ?")
        var last: Int64 = .min
        while true {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, series, subject, start, "end", value, category, tag, source
                    FROM sample WHERE id > ? ORDER BY id LIMIT 4096
                    """, arguments: [last])
            guard let final = rows.last else { return }
            for row in rows {
                let key = SampleKey.value(
                    series: row["series"], subject: row["subject"], start: row["start"],
                    end: row["end"], value: row["value"], category: row["category"],
                    tag: row["tag"], source: row["source"])
                try update.execute(arguments: [key, row["id"] as Int64])
            }
            last = final["id"]
        }
    }
}
