#if PostgreSQL
    import ArgumentParser
    import Foundation
    import VitalsCLI
    import VitalsKit
    import VitalsPostgres

    /// `vitals grant SUBJECT ROLE --db postgres://…`: lets a server login read and write a subject.
    struct GrantCommand: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "grant",
            abstract:
                "Let a PostgreSQL role read and write one subject's samples and milestones (for the tables' owner).",
            discussion: """
                Row-level security on the server hides every other subject from the role, whatever SQL \
                it sends. The role must exist (CREATE ROLE name LOGIN); its password is set on the \
                server, never given to vitals.
                """)

        @Argument(help: ArgumentHelp("The subject id (me, ollie …).", valueName: "SUBJECT"))
        var subject: String

        @Argument(help: ArgumentHelp("The PostgreSQL role (a login, or a group of logins).", valueName: "ROLE"))
        var role: String

        @OptionGroup var store: StoreOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let session = try GrantCommand.ownerSession(store, extensions.storeBackends)
                defer { session.close() }
                let added = try PostgresGrants(session: session).grant(subject: subject, to: role)
                try say(
                    added
                        ? "granted \(Sanitize.inline(subject)) to \(Sanitize.inline(role))"
                        : "\(Sanitize.inline(role)) had \(Sanitize.inline(subject)) already")
            }
        }

        /// The server session of `--db`, which must be a PostgreSQL URL.
        static func ownerSession(_ store: StoreOptions, _ backends: StoreBackends) throws -> PostgresSession {
            let location = try store.location(backends)
            guard PostgresBackend.claims(location.path) else {
                throw CommandError(
                    "grant and revoke need a PostgreSQL database (--db postgres://…), not '\(Sanitize.inline(location.path))'",
                    .usage)
            }
            return try PostgresSession.open(url: location.path, forWriting: true)
        }
    }

    /// `vitals revoke SUBJECT ROLE --db postgres://…`: takes a subject away from a server login.
    struct RevokeCommand: VitalsCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: "Take a subject away from a PostgreSQL role (for the tables' owner).")

        @Argument(help: ArgumentHelp("The subject id.", valueName: "SUBJECT"))
        var subject: String

        @Argument(help: ArgumentHelp("The PostgreSQL role.", valueName: "ROLE"))
        var role: String

        @OptionGroup var store: StoreOptions

        func run(with extensions: Extensions) throws {
            try reportingErrors {
                let session = try GrantCommand.ownerSession(store, extensions.storeBackends)
                defer { session.close() }
                let removed = try PostgresGrants(session: session).revoke(subject: subject, from: role)
                guard removed else {
                    throw CommandError("\(Sanitize.inline(role)) had not been granted \(Sanitize.inline(subject))")
                }
                try say("revoked \(Sanitize.inline(subject)) from \(Sanitize.inline(role))")
            }
        }
    }
#endif
