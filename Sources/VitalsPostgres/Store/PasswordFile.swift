#if PostgreSQL
    import Foundation
    import VitalsKit

    /// The PostgreSQL password file (`PGPASSFILE`, else `~/.pgpass`), read as libpq reads it.
    ///
    /// One entry a line: `hostname:port:database:username:password`. Each of the first four
    /// fields is a literal value or `*`, which matches anything; `\:` is a colon and `\\` a
    /// backslash inside a field. Lines starting with `#` and lines with fewer than five fields are
    /// skipped. The first entry that matches wins. A socket connection matches `localhost`. The
    /// file is ignored when its group or others may read or write it (it must be mode 0600 or
    /// stricter), with a note saying so.
    public struct PasswordFile: Sendable, Equatable {
        public struct Entry: Sendable, Equatable {
            public var host: String
            public var port: String
            public var database: String
            public var user: String
            public var password: String
        }

        public var entries: [Entry]

        /// Parses the text of a password file.
        public init(text: String) {
            entries = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { line in
                if line.hasPrefix("#") { return nil }
                let fields = PasswordFile.fields(of: line)
                guard fields.count >= 5 else { return nil }
                // A password may hold unescaped colons after the fifth separator: keep them.
                return Entry(
                    host: fields[0], port: fields[1], database: fields[2], user: fields[3],
                    password: fields[4...].joined(separator: ":"))
            }
        }

        /// Splits a line at unescaped colons, undoing `\:` and `\\`.
        static func fields(of line: Substring) -> [String] {
            var fields: [String] = []
            var current = ""
            var escaped = false
            for character in line {
                if escaped {
                    current.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":" {
                    fields.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            fields.append(current)
            return fields
        }

        /// The password of the first entry matching the connection, if any.
        public func password(host: String, port: Int, database: String, user: String) -> String? {
            let host = host.hasPrefix("/") ? "localhost" : host
            func matches(_ pattern: String, _ value: String) -> Bool { pattern == "*" || pattern == value }
            return entries.first { entry in
                matches(entry.host, host) && matches(entry.port, String(port))
                    && matches(entry.database, database) && matches(entry.user, user)
            }?.password
        }

        /// Where the password file is: `PGPASSFILE`, else `~/.pgpass`.
        public static func path(environment: [String: String]) -> String {
            if let file = environment["PGPASSFILE"], !file.isEmpty { return file }
            return (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.pgpass"
        }

        /// What reading the file at `path` gave: the file, nothing (no file), or why it was ignored.
        public enum Loaded: Sendable, Equatable {
            case file(PasswordFile)
            case missing
            /// Group or others may access it (`mode` is its permission bits), so libpq ignores it.
            case tooOpen(path: String, mode: Int)
            case notAFile(path: String)
        }

        /// Reads the password file at `path`, refusing one others may read or write.
        public static func load(path: String) -> Loaded {
            var info = stat()
            guard stat(path, &info) == 0 else { return .missing }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return .notAFile(path: path) }
            let mode = Int(info.st_mode & 0o777)
            if mode & 0o077 != 0 { return .tooOpen(path: path, mode: mode) }
            guard let data = FileManager.default.contents(atPath: path) else { return .missing }
            return .file(PasswordFile(text: String(decoding: data, as: UTF8.self)))
        }
    }

    extension PasswordFile.Loaded {
        /// A line saying why the file was not used, for an authentication failure's hints.
        var note: String? {
            switch self {
            case .file, .missing: return nil
            case .tooOpen(let path, let mode):
                return
                    "\(path) was ignored: group or others may access it (mode \(String(mode, radix: 8))); chmod 0600 it"
            case .notAFile(let path):
                return "\(path) was ignored: it is not a plain file"
            }
        }
    }
#endif
