import GRDB

/// The store's versioned schema, as GRDB migrations; each migration is applied once, in order.
///
/// Never edit a shipped migration: add a new one. A database that has migrations this build
/// does not know was written by a newer vitals and is refused (see `SampleStore.open`).
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-samples") { db in
            // Times are integer seconds since 1970 (UTC); value is in the series' base unit.
            // The unique natural key makes imports idempotent (INSERT OR IGNORE) and serves
            // lookups by UTC start; chart queries range over (series, subject, local_start),
            // an index that also holds value, category and tag, so they never touch the table.
            // category, tag and source are '' rather than NULL so the unique natural key
            // treats "no tag" as one value (NULLs are all distinct in a unique index).
            try db.execute(sql: """
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
                    -- Wall-clock seconds at the recorded offset: every chart query ranges over it.
                    -- A plain column (not GENERATED) so the index below covers the queries.
                    local_start INTEGER NOT NULL,
                    CHECK (local_start = start + utc_offset),
                    CHECK ("end" >= start),
                    CHECK (utc_offset BETWEEN -64800 AND 64800)
                );
                CREATE UNIQUE INDEX sample_natural_key
                    ON sample(series, subject, start, "end", value, category, tag, source);
                CREATE INDEX sample_series_subject_local
                    ON sample(series, subject, local_start, value, category, tag);
                CREATE TABLE milestone (
                    subject TEXT NOT NULL,
                    milestone TEXT NOT NULL,
                    done_on TEXT NOT NULL,
                    note TEXT,
                    PRIMARY KEY (subject, milestone)
                ) WITHOUT ROWID;
                """)
        }
        return migrator
    }
}
