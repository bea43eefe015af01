#if PostgreSQL
    import Foundation
    import Logging
    import NIOCore
    import NIOPosix
    import PostgresNIO
    import VitalsKit

    /// One connection to a PostgreSQL server, used from synchronous code.
    ///
    /// PostgresNIO runs on SwiftNIO's event loops; every call here starts the work there and
    /// blocks the calling thread until the answer comes, the connection closes or the answer
    /// timeout passes (`awaitAnswer`), which is safe because the caller is never an event-loop
    /// thread (the CLI's main thread, a test's thread). Calls are serialised by a lock, so a
    /// transaction's statements are never interleaved with another thread's.
    public final class PostgresSession: @unchecked Sendable {
        public let target: PostgresTarget
        let connection: PostgresConnection
        let answers: PostgresAnswerWait
        private let lock = NSRecursiveLock()
        private let logger: Logger

        /// The process's event loops (one shared group, never shut down).
        static var eventLoops: any EventLoopGroup { MultiThreadedEventLoopGroup.singleton }

        static let quietLogger = Logger(label: "vitals.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

        private init(target: PostgresTarget, connection: PostgresConnection) {
            self.target = target
            self.connection = connection
            answers = PostgresAnswerWait(connection: connection)
            logger = Self.quietLogger
        }

        /// Connects to `target`, with the password from the service file, `PGPASSWORD` or the
        /// password file; within `target.connectTimeout` seconds or a `PostgresStoreError`.
        public static func connect(
            _ target: PostgresTarget,
            environment: [String: String] = ProcessInfo.processInfo.environment
        ) throws -> PostgresSession {
            let passwordFile = PasswordFile.load(path: PasswordFile.path(environment: environment))
            var password = target.servicePassword
            if password == nil, let variable = environment["PGPASSWORD"], !variable.isEmpty { password = variable }
            if password == nil, case .file(let file) = passwordFile {
                password = file.password(
                    host: target.host, port: target.port, database: target.database, user: target.user)
            }
            let notes = [passwordFile.note].compactMap { $0 }
            let attempts = try PostgresTLS.attempts(for: target)
            var lastError: PostgresStoreError?
            for tls in attempts {
                do {
                    let connection = try open(target, password: password, tls: tls)
                    return PostgresSession(target: target, connection: connection)
                } catch let error as PostgresStoreError {
                    lastError = error
                    // sslmode=allow tries TLS only after the plain login was refused.
                    if case .authenticationFailed = error { continue }
                    throw error
                } catch {
                    let described = describeConnectError(
                        error, target: target, passwordGiven: password != nil, notes: notes)
                    lastError = described
                    if case .authenticationFailed = described { continue }
                    throw described
                }
            }
            throw lastError
                ?? PostgresStoreError.unreachable(server: target.serverName, reason: "no connection attempt")
        }

        private static func open(
            _ target: PostgresTarget, password: String?,
            tls: PostgresConnection.Configuration.TLS
        ) throws -> PostgresConnection {
            var configuration: PostgresConnection.Configuration
            let loop = eventLoops.next()
            // The TCP connection is made here, for its keepalives (PostgresNIO sets none).
            let channel: (any Channel)? = target.isUnixSocket ? nil : try openChannel(target, on: loop)
            if let channel {
                configuration = .init(
                    establishedChannel: channel, tls: tls, username: target.user,
                    password: password, database: target.database)
                // verify-full: the certificate is checked against the host name (or, for an
                // address, the address connected to).
                if !target.host.isIPAddress { configuration.options.tlsServerName = target.host }
            } else {
                configuration = .init(
                    unixSocketPath: target.socketPath, username: target.user,
                    password: password, database: target.database)
            }
            configuration.options.connectTimeout = .seconds(Int64(target.connectTimeout))
            configuration.options.additionalStartupParameters =
                [("application_name", target.applicationName)]
                + (target.options.map { [("options", $0)] } ?? [])
            let future = PostgresConnection.connect(on: loop, configuration: configuration, id: 1, logger: quietLogger)
            // The connect timeout covers the TCP connection; a server that accepts it and then
            // says nothing is cut off at the same deadline.
            let promise = loop.makePromise(of: PostgresConnection.self)
            let deadline = loop.scheduleTask(in: .seconds(Int64(target.connectTimeout))) {
                promise.fail(ConnectTimeout())
            }
            future.whenComplete { result in
                deadline.cancel()
                switch result {
                case .success(let connection):
                    promise.futureResult.whenFailure { _ in connection.closeInBackground() }
                    promise.succeed(connection)
                case .failure(let error):
                    promise.fail(error)
                }
            }
            promise.futureResult.whenFailure { _ in channel?.close(promise: nil) }
            return try promise.futureResult.wait()
        }

        struct ConnectTimeout: Error {}

        /// Closes the connection; the session must not be used afterwards.
        public func close() {
            lock.lock()
            defer { lock.unlock() }
            closeAndWait()
        }

        /// Closes the connection and waits for it (PostgresNIO asserts when a connection is freed
        /// while still open); sessions are released on callers' threads, never on an event loop.
        deinit {
            if !connection.isClosed { closeAndWait() }
        }

        /// Closes the connection, waiting for it at most the connect timeout (a server that does
        /// not answer the goodbye); the channel is closed in any case.
        private func closeAndWait() {
            let closing: EventLoopFuture<Void> = connection.close()
            let loop = closing.eventLoop
            let promise = loop.makePromise(of: Void.self)
            closing.cascade(to: promise)
            connection.closeFuture.cascade(to: promise)
            let deadline = loop.scheduleTask(in: .seconds(Int64(target.connectTimeout))) { promise.succeed() }
            _ = try? promise.futureResult.wait()
            deadline.cancel()
        }

        // MARK: Statements

        /// Runs one statement with `$1…$n` placeholders bound to `arguments`; returns its rows.
        @discardableResult
        public func query(_ sql: String, _ arguments: [PostgresValue] = []) throws -> [[PostgresValue]] {
            try queryWithColumns(sql, arguments).rows
        }

        /// `query`, with the result's column names (empty when there is no row).
        func queryWithColumns(_ sql: String, _ arguments: [PostgresValue]) throws -> (
            names: [String], rows: [[PostgresValue]]
        ) {
            let result = try send(sql, arguments)
            let names = result.rows.first.map { row in row.map(\.columnName) } ?? []
            do {
                return (names, try result.rows.map { row in try row.map(PostgresValue.init(cell:)) })
            } catch {
                throw PostgresStoreError.failed(database: target.display, reason: "cannot read a result: \(error)")
            }
        }

        /// Runs one statement; returns how many rows it changed (or returned).
        @discardableResult
        func run(_ sql: String, _ arguments: [PostgresValue]) throws -> Int {
            try send(sql, arguments).metadata.rows ?? 0
        }

        private func send(_ sql: String, _ arguments: [PostgresValue]) throws -> PostgresQueryResult {
            var binds = PostgresBindings(capacity: arguments.count)
            for argument in arguments { argument.bind(into: &binds) }
            let during = Self.describing(sql)
            return try run(during: during) {
                try awaitAnswer(
                    connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger),
                    during: during)
            }
        }

        /// Runs statements with no arguments, several separated by semicolons allowed.
        public func execute(_ sql: String) throws {
            for statement in PostgresScript.statements(sql) { try run(statement, []) }
        }

        /// The transaction open on this connection, if any: what `transaction` and `snapshot` do
        /// when called inside one. Read and written under `lock` only.
        private enum Open {
            case none
            case write(savepoints: Int)
            case snapshot
        }
        private var open = Open.none

        /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
        ///
        /// Inside another transaction, `body` runs in a savepoint of it (released when it returns,
        /// rolled back to when it throws): never a second BEGIN, whose COMMIT would end the outer
        /// one. Inside a read-only `snapshot`, it is refused with `writeInSnapshot`.
        public func transaction<T>(_ body: () throws -> T) throws -> T {
            lock.lock()
            defer { lock.unlock() }
            switch open {
            case .snapshot:
                throw PostgresStoreError.writeInSnapshot(database: target.display)
            case .write(let savepoints):
                let name = "vitals_nested_\(savepoints + 1)"
                return try enclose(
                    begin: "SAVEPOINT \(name)", end: "RELEASE SAVEPOINT \(name)",
                    undo: "ROLLBACK TO SAVEPOINT \(name)", as: .write(savepoints: savepoints + 1), body)
            case .none:
                return try enclose(begin: "BEGIN", as: .write(savepoints: 0), body)
            }
        }

        /// Runs `body`'s statements in one read-only snapshot (REPEATABLE READ): every statement
        /// sees the database as it was at the first one, whatever other sessions commit meanwhile.
        /// A write statement in it is refused by the server (`writeInSnapshot`).
        ///
        /// Inside a transaction or another snapshot, `body` runs in that one (no second BEGIN).
        public func snapshot<T>(_ body: () throws -> T) throws -> T {
            lock.lock()
            defer { lock.unlock() }
            if case .none = open {
                return try enclose(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", as: .snapshot, body)
            }
            return try body()
        }

        /// `begin`, `body`, then `end`, or `undo` when `body` throws; `open` is `state` meanwhile and
        /// what it was before afterwards (a transaction, or a savepoint inside one). Called with
        /// `lock` held.
        private func enclose<T>(
            begin: String, end: String = "COMMIT", undo: String = "ROLLBACK", as state: Open,
            _ body: () throws -> T
        ) throws -> T {
            try execute(begin)
            let outer = open
            open = state
            defer { open = outer }
            do {
                let result = try body()
                try execute(end)
                return result
            } catch {
                try? execute(undo)
                throw error
            }
        }

        private func run<T>(during: String, _ body: () throws -> T) throws -> T {
            lock.lock()
            defer { lock.unlock() }
            do { return try body() } catch let error as PSQLError {
                throw Self.describe(error, target: target, during: during)
            }
        }

        /// A server error as a `PostgresStoreError` (its message and SQLSTATE); `during`: what
        /// was under way, for a lost connection.
        static func describe(_ error: PSQLError, target: PostgresTarget, during: String = "a statement")
            -> PostgresStoreError
        {
            if let server = error.serverInfo {
                let message = server[.message] ?? "server error"
                let state = server[.sqlState] ?? "?"
                // read_only_sql_transaction: a write statement run in a read-only snapshot.
                if state == "25006" { return .writeInSnapshot(database: target.display) }
                // Class 08 (connection exception), 57P01-57P03 (the server shutting down or crashed).
                if state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
                    return .connectionLost(database: target.display, during: during, reason: message)
                }
                // insufficient_privilege: a table this login may not write, or a row of a subject
                // not granted to it (row-level security).
                if state == "42501" {
                    return .notPermitted(database: target.display, user: target.user, reason: message)
                }
                return .failed(database: target.display, reason: "\(message) (SQLSTATE \(state))")
            }
            if error.code == .serverClosedConnection || error.code == .connectionError || error.code == .uncleanShutdown
            {
                return .connectionLost(database: target.display, during: during)
            }
            return .failed(database: target.display, reason: "\(error.code)")
        }

        /// Why connecting failed, in the terms of `PostgresStoreError`.
        static func describeConnectError(
            _ error: any Error, target: PostgresTarget, passwordGiven: Bool,
            notes: [String]
        ) -> PostgresStoreError {
            let server = target.serverName
            if error is ConnectTimeout {
                return .unreachable(server: server, reason: "no answer within \(target.connectTimeout) s")
            }
            if let error = error as? PSQLError {
                if let info = error.serverInfo {
                    let state = info[.sqlState] ?? ""
                    let message = info[.message] ?? "refused"
                    switch state {
                    case "28P01", "28000":
                        return .authenticationFailed(
                            user: target.user, server: server,
                            reason: passwordGiven ? "password authentication failed" : message,
                            notes: notes)
                    case "3D000":
                        return .missingDatabase(database: target.database, server: server)
                    default:
                        return .failed(database: target.display, reason: "\(message) (SQLSTATE \(state))")
                    }
                }
                switch error.code {
                case .authMechanismRequiresPassword:
                    return .authenticationFailed(
                        user: target.user, server: server,
                        reason: "the server asks for a password and none was found", notes: notes)
                case .unsupportedAuthMechanism, .saslError:
                    return .authenticationFailed(
                        user: target.user, server: server,
                        reason: "the server's authentication failed (\(error.code))", notes: notes)
                case .sslUnsupported:
                    return .tls(
                        server: server, sslMode: target.sslMode.rawValue, reason: "the server does not accept TLS")
                case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
                    return .tls(
                        server: server, sslMode: target.sslMode.rawValue,
                        reason: "\(error.underlying.map { "\($0)" } ?? "\(error.code)")")
                case .connectionError:
                    if let underlying = error.underlying {
                        if "\(type(of: underlying))".contains("NIOSSL") {
                            return .tls(server: server, sslMode: target.sslMode.rawValue, reason: "\(underlying)")
                        }
                        return .unreachable(server: server, reason: connectReason(underlying, target: target))
                    }
                    return .unreachable(server: server, reason: "the connection failed")
                case .serverClosedConnection, .uncleanShutdown:
                    return .unreachable(server: server, reason: "the server closed the connection")
                default:
                    return .unreachable(server: server, reason: "\(error.code)")
                }
            }
            if "\(type(of: error))".contains("NIOSSL") {
                return .tls(server: server, sslMode: target.sslMode.rawValue, reason: "\(error)")
            }
            return .unreachable(server: server, reason: connectReason(error, target: target))
        }

        /// A short reason for a socket-level failure.
        private static func connectReason(_ error: any Error, target: PostgresTarget) -> String {
            if let error = error as? IOError {
                switch error.errnoCode {
                case ECONNREFUSED: return "connection refused (nothing listens there)"
                case ENOENT: return "no server socket at \(target.socketPath)"
                case EHOSTUNREACH, ENETUNREACH: return "no route to the host"
                default: return String(cString: strerror(error.errnoCode))
                }
            }
            if let error = error as? ChannelError, case .connectTimeout = error {
                return "no answer within \(target.connectTimeout) s"
            }
            let text = "\(error)"
            if text.contains("connectTimeout") { return "no answer within \(target.connectTimeout) s" }
            if text.contains("refused") || text.contains("ECONNREFUSED") {
                return "connection refused (nothing listens there)"
            }
            if text.lowercased().contains("resolve") || text.contains("NXDOMAIN") {
                return "the host name does not resolve"
            }
            return text
        }
    }

    extension PostgresSession {
        /// What a statement does, for a message: its first words (`INSERT INTO sample`, `COMMIT`).
        static func describing(_ sql: String) -> String {
            let words = sql.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" }).prefix(3)
            let text = words.joined(separator: " ")
            let upper = text.uppercased()
            if upper.hasPrefix("SELECT") || upper.hasPrefix("WITH") { return "a query" }
            if upper.hasPrefix("INSERT INTO") || upper.hasPrefix("UPDATE") || upper.hasPrefix("DELETE FROM") {
                return words.prefix(upper.hasPrefix("UPDATE") ? 2 : 3).joined(separator: " ")
            }
            return String(words.first ?? "a statement")
        }
    }

    extension String {
        /// Whether the text is an IPv4 or IPv6 address (not a name to check a certificate against).
        var isIPAddress: Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, self, &v4) == 1 || inet_pton(AF_INET6, self, &v6) == 1
        }
    }

    extension PostgresTarget {
        /// host:port (or the socket path), as messages name the server.
        public var serverName: String { isUnixSocket ? socketPath : "\(hostForDisplay):\(port)" }
    }

    extension PostgresConnection {
        /// Starts closing the connection without waiting; the connection lives until it is closed
        /// (PostgresNIO asserts that a connection is closed before it goes away).
        func closeInBackground() {
            let closing: EventLoopFuture<Void> = close()
            closing.whenComplete { _ in withExtendedLifetime(self) {} }
        }
    }
#endif
