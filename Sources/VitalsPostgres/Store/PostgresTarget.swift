#if PostgreSQL
    import Foundation
    import VitalsKit

    /// Which PostgreSQL server, database and login a `postgres://` or `postgresql://` URL names,
    /// with what libpq would fill in for the parts it leaves out.
    ///
    /// `postgres://user@host:port/dbname?sslmode=require&service=name&connect_timeout=5`
    ///
    /// A password in the URL is refused (it would sit in the shell history and in `ps`): it comes
    /// from `PGPASSWORD`, the password file (`PGPASSFILE`, `~/.pgpass`) or a service file. Parts the
    /// URL leaves out come from its `service`, then `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`,
    /// `PGSSLMODE`, `PGSERVICE`, then libpq's defaults (the login name, a database named after the
    /// user, port 5432, the local socket directory or `localhost`, sslmode `prefer`).
    public struct PostgresTarget: Sendable, Hashable {
        /// A host name or address, or an absolute directory holding the server's Unix socket.
        public var host: String
        public var port: Int
        public var user: String
        public var database: String
        public var sslMode: SSLMode
        /// A password from a service file (which libpq allows), never from the URL.
        var servicePassword: String?
        /// `sslrootcert`: the CA certificates for verify-ca/verify-full (`system`: the system's).
        public var sslRootCert: String?
        /// Seconds to wait for the server to answer a connection (`connect_timeout`, default 5).
        public var connectTimeout: Int
        /// Seconds to wait for any one answer once connected (a statement, a COPY, a commit) before
        /// closing the connection: `VITALS_PG_TIMEOUT`, default 300. A server that went away is
        /// noticed sooner: a closed connection at once, a silent host by TCP keepalives.
        public var answerTimeout: Int
        /// Server settings for the session (`options=-c search_path=…`), passed on at startup.
        public var options: String?
        public var applicationName: String
        /// The URL without anything secret, for messages.
        public var display: String { "postgres://\(user)@\(hostForDisplay):\(port)/\(database)" }

        var hostForDisplay: String { isUnixSocket ? "[\(host)]" : host.contains(":") ? "[\(host)]" : host }
        public var isUnixSocket: Bool { host.hasPrefix("/") }
        /// The socket file libpq would use in a socket directory.
        var socketPath: String { host + "/.s.PGSQL.\(port)" }

        /// The sslmode values libpq knows, strictest last.
        public enum SSLMode: String, Sendable, CaseIterable {
            case disable, allow, prefer, require
            case verifyCA = "verify-ca"
            case verifyFull = "verify-full"
        }

        /// Whether `text` is a PostgreSQL URL rather than a file path.
        public static func isURL(_ text: String) -> Bool {
            let lower = text.lowercased()
            return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
        }

        /// The parameters a URL may carry in its query, as libpq names them.
        static let knownParameters: Set<String> = [
            "host", "port", "user", "dbname", "sslmode", "service", "connect_timeout", "sslrootcert",
            "application_name", "options",
        ]

        /// Reads `url`, completing it from the service file, the environment and the defaults.
        public init(url: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
            let parts = try PostgresTarget.split(url)
            var values = parts.values
            // A service named in the URL or PGSERVICE fills what the URL leaves out.
            if let service = values["service"] ?? nonEmpty(environment["PGSERVICE"]) {
                let file = try PostgresServiceFile.lookup(service: service, environment: environment)
                for (key, value) in file where values[key] == nil { values[key] = value }
            }
            let envNames = [
                "host": "PGHOST", "port": "PGPORT", "user": "PGUSER", "dbname": "PGDATABASE",
                "sslmode": "PGSSLMODE", "sslrootcert": "PGSSLROOTCERT", "connect_timeout": "PGCONNECT_TIMEOUT",
            ]
            for (key, variable) in envNames where values[key] == nil {
                if let value = nonEmpty(environment[variable]) { values[key] = value }
            }
            let user =
                values["user"] ?? nonEmpty(environment["USER"]) ?? nonEmpty(environment["LOGNAME"])
                ?? PostgresTarget.loginName()
            self.user = user
            database = values["dbname"] ?? user
            if let text = values["port"] {
                guard let port = Int(text), (1...65535).contains(port) else {
                    throw PostgresStoreError.badURL(
                        url: parts.redacted, reason: "port '\(text)' is not a number from 1 to 65535")
                }
                self.port = port
            } else {
                port = 5432
            }
            if let text = values["sslmode"] {
                guard let mode = SSLMode(rawValue: text) else {
                    throw PostgresStoreError.badURL(
                        url: parts.redacted,
                        reason: "sslmode '\(text)' is not one of "
                            + SSLMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                sslMode = mode
            } else {
                sslMode = .prefer
            }
            if let text = values["connect_timeout"] {
                guard let seconds = Int(text), seconds >= 0 else {
                    throw PostgresStoreError.badURL(
                        url: parts.redacted, reason: "connect_timeout '\(text)' is not a number of seconds")
                }
                // libpq: 0 waits forever, values under 2 count as 2.
                connectTimeout = seconds == 0 ? 3600 : max(2, seconds)
            } else {
                connectTimeout = 5
            }
            if let text = nonEmpty(environment["VITALS_PG_TIMEOUT"]) {
                guard let seconds = Int(text), seconds > 0 else {
                    throw PostgresStoreError.badURL(
                        url: parts.redacted, reason: "VITALS_PG_TIMEOUT '\(text)' is not a number of seconds above 0")
                }
                answerTimeout = seconds
            } else {
                answerTimeout = 300
            }
            sslRootCert = values["sslrootcert"]
            options = values["options"] ?? nonEmpty(environment["PGOPTIONS"])
            applicationName = values["application_name"] ?? nonEmpty(environment["PGAPPNAME"]) ?? "vitals"
            servicePassword = values["password"]
            host = values["host"] ?? PostgresTarget.defaultHost(port: port)
        }

        /// The socket directory when the server's socket is there (Debian's), else `localhost`.
        static func defaultHost(port: Int) -> String {
            for directory in ["/var/run/postgresql", "/tmp"]
            where FileManager.default.fileExists(atPath: directory + "/.s.PGSQL.\(port)") {
                return directory
            }
            return "localhost"
        }

        static func loginName() -> String {
            if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
            return "postgres"
        }

        /// The URL's parts as libpq parameter names, and the URL with any password masked
        /// (`PasswordMask`), the only form of it an error may quote.
        struct Parts {
            var values: [String: String]
            var redacted: String
        }

        static func split(_ url: String) throws -> Parts {
            let safe = PasswordMask.masked(url)
            guard isURL(url), let scheme = url.range(of: "://") else {
                throw PostgresStoreError.badURL(
                    url: safe, reason: "it does not start with postgres:// or postgresql://")
            }
            let afterScheme = url[scheme.upperBound...]
            // user:SECRET@host where the secret holds a / ? or # that would end the host part: still
            // a password (no query pair, which would hold an =, comes before that @).
            if let at = afterScheme.lastIndex(of: "@"), afterScheme[..<at].contains(":"),
                !afterScheme[..<at].contains("=")
            {
                throw PostgresStoreError.passwordInURL(url: safe)
            }
            var rest = Substring(afterScheme)
            var query = Substring("")
            if let mark = rest.firstIndex(of: "?") {
                query = rest[rest.index(after: mark)...]
                rest = rest[..<mark]
            }
            if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
            var authority = rest
            var path = Substring("")
            if let slash = rest.firstIndex(of: "/") {
                authority = rest[..<slash]
                path = rest[rest.index(after: slash)...]
            }
            var values: [String: String] = [:]
            var hostPart = authority
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                hostPart = authority[authority.index(after: at)...]
                if userInfo.contains(":") { throw PostgresStoreError.passwordInURL(url: safe) }
                if !userInfo.isEmpty { values["user"] = try decode(userInfo, url: safe) }
            }
            if !hostPart.isEmpty {
                var host = hostPart
                var port: Substring?
                if host.hasPrefix("[") {
                    // [::1]:5432
                    guard let close = host.firstIndex(of: "]") else {
                        throw PostgresStoreError.badURL(
                            url: safe, reason: "an IPv6 address opened with [ is not closed")
                    }
                    let after = host[host.index(after: close)...]
                    if after.hasPrefix(":") { port = after.dropFirst() }
                    host = host[host.index(after: host.startIndex)..<close]
                } else if let colon = host.lastIndex(of: ":") {
                    port = host[host.index(after: colon)...]
                    host = host[..<colon]
                }
                if host.contains(",") {
                    throw PostgresStoreError.badURL(url: safe, reason: "several hosts are not supported; name one")
                }
                if !host.isEmpty { values["host"] = try decode(host, url: safe) }
                if let port, !port.isEmpty { values["port"] = String(port) }
            }
            if !path.isEmpty { values["dbname"] = try decode(path, url: safe) }
            for pair in query.split(separator: "&") where !pair.isEmpty {
                let equals = pair.firstIndex(of: "=")
                let key = try decode(pair[..<(equals ?? pair.endIndex)], url: safe)
                // password=, in any case or %-encoding, and sslpassword=: never taken from a URL,
                // refused before its value is read (a broken %-escape in it is not quoted either).
                if key.lowercased().contains("password") { throw PostgresStoreError.passwordInURL(url: safe) }
                let value =
                    try equals.map { try decode(pair[pair.index(after: $0)...], url: safe, plusIsSpace: true) } ?? ""
                guard knownParameters.contains(key) else {
                    throw PostgresStoreError.badURL(
                        url: safe,
                        reason: "unknown parameter '\(key)' (known: "
                            + knownParameters.sorted().joined(separator: ", ") + ")")
                }
                values[key] = value
            }
            return Parts(values: values, redacted: safe)
        }

        private static func decode(_ text: Substring, url: String, plusIsSpace: Bool = false) throws -> String {
            let text = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
            guard let decoded = text.removingPercentEncoding else {
                throw PostgresStoreError.badURL(url: url, reason: "'\(text)' has a broken %-escape")
            }
            return decoded
        }
    }

    private func nonEmpty(_ value: String?) -> String? { (value?.isEmpty ?? true) ? nil : value }
#endif
