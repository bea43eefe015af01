#if PostgreSQL
    import VitalsKit

    /// Why a PostgreSQL store could not be reached, opened, read or written. Never carries a password.
    public enum PostgresStoreError: VitalsError, Equatable {
        /// The `--db` URL cannot be read.
        case badURL(url: String, reason: String)
        /// The URL holds a password (`user:secret@` or `password=`); `url` has it masked.
        case passwordInURL(url: String)
        /// `service=` names a service no service file defines.
        case unknownService(service: String, searched: [String])
        /// A service file line that cannot be read.
        case badServiceFile(path: String, line: Int, reason: String)
        /// Nothing answered at host:port (refused, no route, or no answer within the timeout).
        case unreachable(server: String, reason: String)
        /// The server refused the login: wrong or missing password, or no pg_hba entry for it.
        case authenticationFailed(user: String, server: String, reason: String, notes: [String])
        /// The server has no database of that name.
        case missingDatabase(database: String, server: String)
        /// TLS was required (sslmode require/verify-*) and could not be set up or verified.
        case tls(server: String, sslMode: String, reason: String)
        /// A newer vitals has migrated the server's schema past what this one knows.
        case newerSchema(database: String, schema: String)
        /// A reading command met a database holding no vitals schema (nothing written yet).
        case noSchema(database: String)
        /// An older vitals wrote the schema; a reader never migrates, the next writer does.
        /// `byOwner`: the login writing does not own the tables, so the owner must upgrade them first.
        case olderSchema(database: String, schema: String, missingMigrations: [String], byOwner: Bool = false)
        /// A write was attempted inside a read-only snapshot (`SampleStore.inSnapshot`).
        case writeInSnapshot(database: String)
        /// The server refused `user` a read or write (SQLSTATE 42501): a subject not granted to
        /// it, or a table it may not change; `reason` is the server's message.
        case notPermitted(database: String, user: String, reason: String)
        /// Any other server error, with the server's message and SQLSTATE.
        case failed(database: String, reason: String)
        /// An insert left `missing` of the `sent` samples neither stored nor there before (a
        /// trigger, rule or policy dropped them); the transaction was undone.
        case notStored(database: String, missing: Int, sent: Int)
        /// The connection broke while vitals waited for the server (`during`: what it was doing).
        /// `reason`: what the server said as it went (an immediate shutdown), or "".
        case connectionLost(database: String, during: String, reason: String = "")
        /// The server gave no answer within `seconds` (`PostgresTarget.answerTimeout`); vitals closed
        /// the connection, so the server rolls the open transaction back.
        case noAnswer(database: String, seconds: Int, during: String)

        public var message: String {
            switch self {
            case .badURL(let url, let reason):
                return "cannot read the database URL \(url): \(reason)"
            case .passwordInURL(let url):
                return "the database URL \(url) holds a password; vitals does not take passwords on the command line"
            case .unknownService(let service, _):
                return "no PostgreSQL service named '\(service)' in the service files"
            case .badServiceFile(let path, let line, let reason):
                return "\(path):\(line): \(reason)"
            case .unreachable(let server, let reason):
                return "cannot reach the PostgreSQL server at \(server): \(reason)"
            case .authenticationFailed(let user, let server, let reason, _):
                return "the PostgreSQL server at \(server) refused the login of user '\(user)': \(reason)"
            case .missingDatabase(let database, let server):
                return "the PostgreSQL server at \(server) has no database named '\(database)'"
            case .tls(let server, let sslMode, let reason):
                return "no secure connection to \(server) (sslmode=\(sslMode)): \(reason)"
            case .newerSchema(let database, let schema):
                return "the PostgreSQL database \(database) was written by a newer version of vitals (schema \(schema))"
            case .noSchema(let database):
                return "the PostgreSQL database \(database) holds no vitals data yet"
            case .olderSchema(let database, let schema, _, let byOwner):
                return
                    "the PostgreSQL database \(database) was written by an older version of vitals (schema \(schema)); "
                    + (byOwner ? "only the owner of its tables may upgrade it" : "reading commands never change it")
            case .writeInSnapshot(let database):
                return "PostgreSQL database \(database): a write was attempted inside a read-only snapshot"
            case .notPermitted(let database, let user, let reason):
                return "the PostgreSQL database \(database) does not let '\(user)' do that: \(reason)"
            case .failed(let database, let reason):
                return "PostgreSQL database \(database): \(reason)"
            case .notStored(let database, let missing, let sent):
                return
                    "the PostgreSQL server \(database) did not store \(missing) of \(sent) samples sent, and does not hold them "
                    + "from before either (a trigger, rule or policy there dropped them); the transaction was undone"
            case .connectionLost(let database, let during, let reason):
                return "lost the connection to the PostgreSQL server \(database) during \(during)"
                    + (reason.isEmpty ? "" : ": \(reason)")
            case .noAnswer(let database, let seconds, let during):
                return
                    "the PostgreSQL server \(database) gave no answer within \(seconds) s during \(during); vitals closed the connection"
            }
        }

        public var hints: [String] {
            switch self {
            case .passwordInURL:
                return [
                    "remove it from the URL and put it in PGPASSWORD, ~/.pgpass (PGPASSFILE) or a service file (?service=NAME)"
                ]
            case .unknownService(_, let searched):
                return ["searched " + searched.joined(separator: ", ")]
            case .unreachable:
                return ["check that the server runs and listens there (host, port), and that no firewall is in the way"]
            case .authenticationFailed(_, _, _, let notes):
                return notes + ["give the password in PGPASSWORD, ~/.pgpass (PGPASSFILE) or a service file"]
            case .missingDatabase(let database, _):
                return ["create it (createdb \(database)) or name another database in the URL"]
            case .tls:
                return ["choose another sslmode (?sslmode=prefer) or give the CA with ?sslrootcert=FILE"]
            case .newerSchema:
                return ["upgrade vitals, or point --db at another database"]
            case .noSchema(let database):
                return [
                    "a writing command (vitals log, vitals import, vitals demo --db \(database)) creates the tables"
                ]
            case .olderSchema(_, _, let missing, let byOwner):
                return [
                    "the next command \(byOwner ? "the owner runs" : "that writes") upgrades it (\(missing.joined(separator: ", ")))"
                ]
            case .notStored:
                return ["ask the server's administrator what drops rows written to the table sample"]
            case .notPermitted(_, let user, _):
                return [
                    "a login reads and writes only the subjects granted to it; the owner of the database can run: vitals grant SUBJECT \(user)"
                ]
            case .connectionLost, .noAnswer:
                let again =
                    "run the command again once the server answers: what it committed stays, the rest is sent again, never twice"
                if case .noAnswer = self { return [again, "VITALS_PG_TIMEOUT=SECONDS waits longer for a slow server"] }
                return [again]
            default:
                return []
            }
        }

        public var kind: VitalsErrorKind {
            switch self {
            case .badURL, .passwordInURL: return .badArgument
            case .badServiceFile, .notPermitted: return .refused
            default: return .cannotRun
            }
        }
    }
#endif
