#if PostgreSQL
    import Foundation
    import VitalsKit

    /// The libpq connection service file: named sets of connection parameters.
    ///
    /// An INI file: `[name]` opens a service, `key=value` lines give its parameters (`host`,
    /// `port`, `dbname`, `user`, `sslmode`, … and `password`), `#` starts a comment line. The
    /// user's file is `PGSERVICEFILE`, else `~/.pg_service.conf`; the system's is
    /// `pg_service.conf` in `PGSYSCONFDIR`, else `/etc/postgresql-common` (Debian's). A service
    /// found in the user's file is taken from it alone.
    public enum PostgresServiceFile {
        /// The services of a file's text, by name.
        public static func parse(_ text: String, path: String) throws -> [String: [String: String]] {
            var services: [String: [String: String]] = [:]
            var current: String?
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = raw.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
                if line.isEmpty || line.hasPrefix("#") { continue }
                if line.hasPrefix("[") {
                    guard line.hasSuffix("]"), line.count > 2 else {
                        throw PostgresStoreError.badServiceFile(
                            path: path, line: index + 1, reason: "a section is written [name]")
                    }
                    let name = String(line.dropFirst().dropLast())
                    current = name
                    services[name, default: [:]] = services[name] ?? [:]
                    continue
                }
                guard let equals = line.firstIndex(of: "=") else {
                    throw PostgresStoreError.badServiceFile(path: path, line: index + 1, reason: "expected key=value")
                }
                guard let service = current else {
                    throw PostgresStoreError.badServiceFile(
                        path: path, line: index + 1, reason: "a parameter before any [service]")
                }
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                guard PostgresTarget.knownParameters.contains(key) || key == "password" else {
                    throw PostgresStoreError.badServiceFile(
                        path: path, line: index + 1, reason: "unknown parameter '\(key)'")
                }
                if key == "service" {
                    throw PostgresStoreError.badServiceFile(
                        path: path, line: index + 1, reason: "a service cannot name another service")
                }
                services[service, default: [:]][key] = value
            }
            return services
        }

        /// The files searched, the user's first.
        public static func paths(environment: [String: String]) -> [String] {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            let user = environment["PGSERVICEFILE"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.pg_service.conf"
            let system =
                (environment["PGSYSCONFDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/postgresql-common")
                + "/pg_service.conf"
            return [user, system]
        }

        /// The parameters of `service`, or a `PostgresStoreError.unknownService`.
        public static func lookup(service: String, environment: [String: String]) throws -> [String: String] {
            let paths = paths(environment: environment)
            for path in paths {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                if let found = try parse(String(decoding: data, as: UTF8.self), path: path)[service] { return found }
            }
            throw PostgresStoreError.unknownService(service: service, searched: paths)
        }
    }
#endif
