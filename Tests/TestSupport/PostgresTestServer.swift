import Foundation

/// A throwaway PostgreSQL cluster for the tests of the PostgreSQL store: one per test process,
/// shared by its tests, started on first use and stopped and deleted when the process ends.
///
/// `initdb` makes the cluster in a new temporary directory; `pg_ctl` starts it on 127.0.0.1 at
/// a free port (a lock file keeps test processes running at once from picking the same port)
/// with its socket in that directory. Logins are trusted on loopback, except for members of the
/// role `vitals_password_login`, which must give their password (SCRAM-SHA-256): a test that
/// needs a password creates its role in that group. The superuser is `postgres`.
///
/// As root (CI), `initdb` refuses to run: the cluster then belongs to the `postgres` system
/// user, whose commands run through `runuser`. A watchdog process stops and deletes the
/// cluster should the test process die without running its exit handler.
///
/// Without PostgreSQL's server programs (`/usr/lib/postgresql/<version>/bin`, or `PG_BINDIR`),
/// `shared()` says why and tests skip, unless `VITALS_REQUIRE_VALIDATORS=1` (set by .ci/run),
/// where they fail.
public final class PostgresTestServer: @unchecked Sendable {
    public let port: Int
    public let directory: String
    public let binDirectory: String
    /// The CA certificate that signed the server's (for `localhost` and 127.0.0.1) when the
    /// server offers TLS; nil when `openssl` was not there to make one.
    public private(set) var certificateAuthority: String?
    /// The system user the cluster runs as when the tests run as root.
    let runAs: String?
    private let lock = NSLock()
    private var databaseCount = 0

    /// Why the server cannot be used here.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Whether a missing server is a failure (CI) rather than a reason to skip.
    public static var required: Bool { ProcessInfo.processInfo.environment["VITALS_REQUIRE_VALIDATORS"] == "1" }

    nonisolated(unsafe) private static var started: Result<PostgresTestServer, Unavailable>?
    private static let startLock = NSLock()

    /// The process's server, started on the first call.
    public static func shared() -> Result<PostgresTestServer, Unavailable> {
        startLock.lock()
        defer { startLock.unlock() }
        if let started { return started }
        let result: Result<PostgresTestServer, Unavailable>
        do { result = .success(try start()) } catch let error as Unavailable {
            result = .failure(error)
        } catch {
            result = .failure(Unavailable(description: "\(error)"))
        }
        started = result
        return result
    }

    /// The directory of `initdb` and `pg_ctl`: `PG_BINDIR`, else the newest Debian version.
    public static func findBinDirectory() -> String? {
        if let dir = ProcessInfo.processInfo.environment["PG_BINDIR"], !dir.isEmpty {
            return FileManager.default.isExecutableFile(atPath: dir + "/initdb") ? dir : nil
        }
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap(Int.init).sorted(by: >)
        return versions.map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    /// The cluster's data directory and the options it was started with (for `restart`).
    private let dataDirectory: String
    private let startOptions: String

    private init(
        port: Int, directory: String, binDirectory: String, runAs: String?, dataDirectory: String, startOptions: String
    ) {
        self.port = port
        self.directory = directory
        self.binDirectory = binDirectory
        self.runAs = runAs
        self.dataDirectory = dataDirectory
        self.startOptions = startOptions
    }

    /// A cluster of the caller's own, not the shared one: for tests that stop and restart the
    /// server under a running vitals. Stopped and deleted when the process ends, like the shared
    /// one. Its commits are durable across `stopImmediately` (`synchronous_commit=on`: the shared
    /// cluster acknowledges a commit before writing it, and a crash may lose it).
    public static func startPrivate() throws -> PostgresTestServer { try start(durableCommits: true) }

    /// Stops the server as a crash would (`pg_ctl stop -m immediate`: every backend quits at
    /// once, no checkpoint, open transactions lost).
    public func stopImmediately() throws {
        try Self.run(binDirectory + "/pg_ctl", ["-D", dataDirectory, "-m", "immediate", "-w", "stop"], as: runAs)
    }

    /// Starts the stopped server again on the same port (it recovers from its WAL).
    public func restart() throws {
        try Self.run(
            binDirectory + "/pg_ctl",
            [
                "-D", dataDirectory, "-o", startOptions, "-l", directory + "/server.log",
                "-w", "-t", "60", "start",
            ], as: runAs)
    }

    /// A URL for `database` as `user` (trusted unless the user must give a password).
    public func url(database: String, user: String = "postgres", query: String = "sslmode=disable") -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)" + (query.isEmpty ? "" : "?\(query)")
    }

    /// A new empty database with a unique name; returns its name.
    public func createDatabase(prefix: String = "vitals_test") throws -> String {
        lock.lock()
        databaseCount += 1
        let name = "\(prefix)_\(databaseCount)"
        lock.unlock()
        _ = try psql("CREATE DATABASE \(name)", database: "postgres")
        return name
    }

    /// Runs `sql` through `psql` as the superuser; returns its unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(
            binDirectory + "/psql",
            [
                "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
                "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres",
                "-d", database, "-c", sql,
            ], as: nil)
    }

    // MARK: Starting and stopping

    private static func start(durableCommits: Bool = false) throws -> PostgresTestServer {
        guard let bin = findBinDirectory() else {
            throw Unavailable(
                description: "no PostgreSQL server programs (initdb) under /usr/lib/postgresql/*/bin "
                    + "or PG_BINDIR; install Debian's postgresql package")
        }
        let runAs: String? = getuid() == 0 ? "postgres" : nil
        // The postgres user must reach the directory: under /tmp then, whatever TMPDIR says
        // (root's own temporary directory may be closed to others).
        let parent = runAs == nil ? FileManager.default.temporaryDirectory : URL(fileURLWithPath: "/tmp")
        let base = parent.appendingPathComponent("vitals-pg-\(getpid())-\(UUID().uuidString.prefix(8))").path
        let data = base + "/data"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        if let runAs {
            guard let entry = getpwnam(runAs) else {
                throw Unavailable(
                    description: "running as root, and there is no '\(runAs)' system user to run initdb as")
            }
            guard chown(base, entry.pointee.pw_uid, entry.pointee.pw_gid) == 0 else {
                throw Unavailable(description: "cannot give \(base) to the \(runAs) user")
            }
        }
        try run(
            bin + "/initdb",
            [
                "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8",
                "--locale=C", "--no-instructions",
            ], as: runAs)
        // Password logins for the group's members, trust for everyone else; loopback only.
        let hba = """
            local all all trust
            host all +vitals_password_login 127.0.0.1/32 scram-sha-256
            host all all 127.0.0.1/32 trust

            """
        try hba.write(toFile: data + "/pg_hba.conf", atomically: false, encoding: .utf8)
        let tls = makeCertificates(in: base, data: data, runAs: runAs)
        let server = try startOnFreePort(
            bin: bin, base: base, data: data, runAs: runAs, tls: tls != nil,
            durableCommits: durableCommits)
        server.certificateAuthority = tls
        server.installCleanup(data: data)
        try server.psql("CREATE ROLE vitals_password_login NOLOGIN")
        return server
    }

    /// Picks a free port and starts the server there, under a lock shared by test processes.
    private static func startOnFreePort(
        bin: String, base: String, data: String, runAs: String?,
        tls: Bool, durableCommits: Bool
    ) throws -> PostgresTestServer {
        let lockPath = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-pg-test.lock").path
        let lockFile = open(lockPath, O_CREAT | O_RDWR, 0o666)
        if lockFile >= 0 { flock(lockFile, LOCK_EX) }
        defer {
            if lockFile >= 0 {
                flock(lockFile, LOCK_UN)
                close(lockFile)
            }
        }
        var lastError: Error?
        for _ in 0..<5 {
            let port = freePort()
            let options =
                "-c listen_addresses=127.0.0.1 -p \(port) -k \(base) -c fsync=off "
                + "-c full_page_writes=off -c synchronous_commit=\(durableCommits ? "on" : "off") -c timezone=UTC -c max_connections=200"
                + (tls ? " -c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key" : "")
            do {
                try run(
                    bin + "/pg_ctl",
                    ["-D", data, "-o", options, "-l", base + "/server.log", "-w", "-t", "60", "start"],
                    as: runAs)
                return PostgresTestServer(
                    port: port, directory: base, binDirectory: bin, runAs: runAs,
                    dataDirectory: data, startOptions: options)
            } catch {
                lastError = error
            }
        }
        let log = (try? String(contentsOfFile: base + "/server.log", encoding: .utf8)) ?? ""
        throw Unavailable(description: "pg_ctl start failed: \(lastError.map { "\($0)" } ?? "?")\n\(log.suffix(2000))")
    }

    /// A CA and a server certificate for `localhost` and 127.0.0.1 signed by it, made with
    /// `openssl` into the data directory (the key readable by its owner only); returns the CA
    /// certificate's path, or nil when `openssl` is missing or fails (the server then has no TLS).
    private static func makeCertificates(in base: String, data: String, runAs: String?) -> String? {
        let openssl = ["/usr/bin/openssl", "/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let openssl else { return nil }
        let ca = base + "/ca.crt"
        let caKey = base + "/ca.key"
        let request = base + "/server.csr"
        let extensions = base + "/server.ext"
        do {
            try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(
                toFile: extensions, atomically: true, encoding: .utf8)
            try run(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=vitals test CA",
                    "-keyout", caKey, "-out", ca,
                ], as: nil)
            try run(
                openssl,
                [
                    "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost",
                    "-keyout", data + "/server.key", "-out", request,
                ], as: runAs)
            try run(
                openssl,
                [
                    "x509", "-req", "-in", request, "-CA", ca, "-CAkey", caKey, "-CAcreateserial",
                    "-days", "2", "-extfile", extensions, "-out", base + "/server.crt",
                ], as: nil)
            try FileManager.default.copyItem(atPath: base + "/server.crt", toPath: data + "/server.crt")
            if let runAs, let entry = getpwnam(runAs) {
                chown(data + "/server.crt", entry.pointee.pw_uid, entry.pointee.pw_gid)
            }
            chmod(data + "/server.key", 0o600)
            return ca
        } catch {
            return nil
        }
    }

    /// Stops and deletes the cluster at exit, and starts a watchdog doing the same should this
    /// process end without running its exit handlers (a crash, a kill).
    private func installCleanup(data: String) {
        let stop = "\(binDirectory)/pg_ctl -D '\(data)' -m immediate stop >/dev/null 2>&1"
        let asUser = runAs.map { "runuser -u \($0) -- " } ?? ""
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asUser)\(stop); rm -rf '\(directory)'
            """
        let watchdog = Process()
        watchdog.executableURL = URL(fileURLWithPath: "/bin/sh")
        watchdog.arguments = ["-c", script]
        watchdog.standardOutput = FileHandle.nullDevice
        watchdog.standardError = FileHandle.nullDevice
        try? watchdog.run()
        Self.cleanupLock.lock()
        Self.cleanupCommands.append(asUser + stop + "; rm -rf '\(directory)'")
        let first = Self.cleanupCommands.count == 1
        Self.cleanupLock.unlock()
        guard first else { return }
        atexit {
            PostgresTestServer.cleanupLock.lock()
            let commands = PostgresTestServer.cleanupCommands
            PostgresTestServer.cleanupLock.unlock()
            for command in commands { _ = try? PostgresTestServer.run("/bin/sh", ["-c", command], as: nil) }
        }
    }

    /// One per cluster this process started.
    nonisolated(unsafe) private static var cleanupCommands: [String] = []
    private static let cleanupLock = NSLock()

    /// A port nothing listens on now (bound and released; the lock keeps our processes apart).
    private static func freePort() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a program (as `user` through runuser when given) and returns its standard output;
    /// throws with its standard error when it fails.
    ///
    /// Spawned with posix_spawn and reaped with waitpid, output into files: `pg_ctl start`
    /// leaves the server running with whatever descriptors it inherited, and Foundation's
    /// `Process` (which watches a descriptor its child inherits) or a pipe's reader would wait
    /// for the server to exit.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], as user: String?) throws -> String {
        let argv = user.map { ["/usr/sbin/runuser", "-u", $0, "--", program] } ?? [program]
        let all = argv + arguments
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-pg-run-\(UUID().uuidString)"
        ).path
        defer {
            unlink(scratch + ".out")
            unlink(scratch + ".err")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cStrings = all.map { strdup($0) }
        defer { for pointer in cStrings { free(pointer) } }
        var pointers: [UnsafeMutablePointer<CChar>?] = cStrings + [nil]
        var pid = pid_t()
        let spawned = posix_spawn(&pid, all[0], &actions, nil, &pointers, environ)
        guard spawned == 0 else {
            throw Unavailable(description: "cannot run \(all[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let out = String(decoding: FileManager.default.contents(atPath: scratch + ".out") ?? Data(), as: UTF8.self)
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited && code == 0 else {
            let errors = String(
                decoding: FileManager.default.contents(atPath: scratch + ".err") ?? Data(), as: UTF8.self)
            throw Unavailable(
                description: "\(program) \(arguments.prefix(3).joined(separator: " ")) … "
                    + (exited ? "exited \(code)" : "was killed") + ": \(errors)")
        }
        return out
    }
}
