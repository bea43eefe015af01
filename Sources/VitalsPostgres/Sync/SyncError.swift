#if PostgreSQL
    import VitalsKit

    /// Why `vitals push`, `pull`, `grant` or `revoke` refused to run.
    public enum SyncError: VitalsError, Equatable {
        /// push/pull need a local file on one side and a server on the other.
        case notAFile(String)
        case notAServer(String)
        /// push: the local file is not there.
        case missingFile(String)
        /// The login may not write these subjects on the server (no `subject_grant` for it).
        case subjectsNotGranted(user: String, subjects: [String])
        /// grant/revoke: only the owner of the tables (or a superuser) grants.
        case notOwner(user: String, database: String)
        /// grant/revoke: the role does not exist on the server.
        case unknownRole(String)
        /// A subject or role name that is empty or holds control characters.
        case badName(kind: String, value: String)
        /// push: the server kept less of a batch than was sent (`PostgresStoreError.notStored`);
        /// that batch was undone and the mark stays before it.
        case pushIncomplete(database: String, pushed: Int, missing: Int, sent: Int)

        public var message: String {
            switch self {
            case .notAFile(let value):
                return
                    "push and pull work between a local SQLite file and a server; '\(PasswordMask.masked(value))' is not a file path"
            case .notAServer(let value):
                return "'\(PasswordMask.masked(value))' is not a PostgreSQL URL (postgres://USER@HOST:PORT/DBNAME)"
            case .missingFile(let path):
                return "no database file at \(path); nothing to push"
            case .subjectsNotGranted(let user, let subjects):
                return "the server does not let '\(user)' write subject\(subjects.count == 1 ? "" : "s") "
                    + subjects.joined(separator: ", ") + "; nothing was sent"
            case .notOwner(let user, let database):
                return "'\(user)' does not own the vitals tables of \(database); only their owner grants and revokes"
            case .unknownRole(let role):
                return "the server has no role named '\(role)'"
            case .badName(let kind, let value):
                return "invalid \(kind) '\(value)': a name without control characters, not empty"
            case .pushIncomplete(let database, let pushed, let missing, let sent):
                return
                    "push stopped: the PostgreSQL server \(database) did not store \(missing) of the \(sent) samples of a batch "
                    + "and does not hold them from before either; that batch was undone and the push mark stays before it "
                    + "(\(SyncSummary.grouped(pushed)) samples pushed before it)"
            }
        }

        public var hints: [String] {
            switch self {
            case .subjectsNotGranted(let user, let subjects):
                return [
                    "the owner of the database can run: "
                        + subjects.map { "vitals grant \($0) \(user)" }.joined(separator: "; ")
                ]
            case .unknownRole(let role):
                return ["create it first (CREATE ROLE \(role) LOGIN) as a superuser or a role with CREATEROLE"]
            case .pushIncomplete:
                return [
                    "a trigger, rule or policy on the server drops rows written to the table sample; ask its administrator"
                ]
            default:
                return []
            }
        }

        public var kind: VitalsErrorKind {
            switch self {
            case .notAFile, .notAServer, .badName: return .badArgument
            case .missingFile, .pushIncomplete: return .cannotRun
            case .subjectsNotGranted, .notOwner, .unknownRole: return .refused
            }
        }
    }
#endif
