#if PostgreSQL
    import VitalsKit

    /// The source orders imports stated (`source_rank`: which source counts where sources
    /// overlap), as `vitals push` and `vitals pull` carry them beside the samples: the side
    /// receiving takes the sending side's order for each subject and series the sender ranks, so
    /// that both draw the same numbers from the same samples. An order the sender does not hold
    /// is left as it is on the receiving side (a sync adds and replaces, it never deletes).
    struct SyncSourceRanks: Equatable {
        struct Ranking: Equatable {
            var subject: String
            var series: String
            /// Preferred first.
            var sources: [String]
        }

        private(set) var rankings: [Ranking] = []

        var isEmpty: Bool { rankings.isEmpty }

        /// The query that reads every order, one row per source: subject, series, source.
        static let selectAll = "SELECT subject, series, source FROM source_rank ORDER BY subject, series, rank, source"

        /// Groups rows of `selectAll` (in its order) into one ranking per subject and series.
        init(rows: [(subject: String, series: String, source: String)]) {
            for row in rows {
                if let last = rankings.last, last.subject == row.subject, last.series == row.series {
                    rankings[rankings.count - 1].sources.append(row.source)
                } else {
                    rankings.append(Ranking(subject: row.subject, series: row.series, sources: [row.source]))
                }
            }
        }

        /// The subjects ranked, for the check that the login may write them.
        var subjects: Set<String> { Set(rankings.map(\.subject)) }

        /// Writes each order `db` does not hold as it is here, inside the caller's transaction.
        /// Returns how many were written and how many `db` held already.
        func apply(to db: StoreDatabase) throws -> (written: Int, alreadyThere: Int) {
            var written = 0
            for ranking in rankings {
                guard try db.sourceRanking(subject: ranking.subject, series: ranking.series) != ranking.sources
                else { continue }
                try db.replaceSourceRanking(subject: ranking.subject, series: ranking.series, sources: ranking.sources)
                written += 1
            }
            return (written, rankings.count - written)
        }
    }

    extension SyncSummary {
        /// Counts what `SyncSourceRanks.apply` did.
        mutating func add(sourceRanks outcome: (written: Int, alreadyThere: Int)) {
            sourceRanks += outcome.written
            sourceRanksAlreadyThere += outcome.alreadyThere
        }
    }
#endif
