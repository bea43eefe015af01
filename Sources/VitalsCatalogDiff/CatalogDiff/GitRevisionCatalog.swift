import Foundation
import VitalsKit
import VitalsReports

#if canImport(Glibc)
    import Glibc
#endif

/// A catalog as it was at a git revision: its `screens/` and `metrics/` taken out of the
/// repository with `git archive` into a private directory (0700) and read from there, each
/// file named `REVISION:path/from/the/repository/root` in diagnostics, as git names it.
package enum GitRevisionCatalog {
    /// The catalog at `catalogRoot` (a directory in a work tree) as it was at `revision`,
    /// loaded (not yet checked); a file that cannot be read is a diagnostic, as in `validate`.
    package static func load(
        at revision: String, catalogRoot: String,
        timeout: Int = 60
    ) throws(CatalogDiffError) -> LoadedCatalog {
        guard !revision.hasPrefix("-") else { throw .revisionLooksLikeAnOption(revision) }
        // Restored last, after the directory below is removed.
        let stop = GitStop.install()
        defer { stop.restore() }
        let here = GitRunner(directory: catalogRoot, timeout: timeout)
        let top: String
        let prefix: String
        do {
            let lines = try here.output(["rev-parse", "--show-toplevel", "--show-prefix"]).split(
                separator: "\n", omittingEmptySubsequences: false)
            top = lines.first.map(String.init) ?? catalogRoot
            prefix = lines.count > 1 ? String(lines[1]) : ""
        } catch .gitFailed(_, let detail) {
            throw .notAGitRepository(path: catalogRoot, detail: detail)
        }
        // From the top of the work tree on: paths are the repository's.
        let git = GitRunner(directory: top, timeout: timeout)
        do {
            _ = try git.output(["rev-parse", "--verify", "--end-of-options", revision + "^{commit}"])
        } catch .gitFailed(_, let detail) {
            throw .unknownRevision(revision, detail: detail)
        }
        // Which of the catalog directories the revision has (archive refuses a missing one).
        let wanted = CatalogLocation.directoryNames.map { prefix + $0 }
        let present = try git.output(["ls-tree", "-d", "--name-only", revision, "--"] + wanted)
            .split(separator: "\n").map(String.init).filter(wanted.contains)
        guard !present.isEmpty else { throw .noCatalogAtRevision(revision, directory: prefix) }
        let directory: PrivateDirectory
        do { directory = try PrivateDirectory(prefix: "vitals-diff") } catch {
            throw .gitFailed(command: "mkdtemp", detail: (error as? any VitalsError)?.message ?? "\(error)")
        }
        defer { directory.remove() }
        try git.archive(revision, paths: present, into: directory.path)
        try GitStop.check()
        var files: [SourceFile] = []
        var unreadable: [Diagnostic] = []
        let roots = present.map { directory.path + "/" + $0 }
        let found = (try? CatalogLoader.files(under: roots)) ?? []
        // A link in the revision leaving its catalog (`metrics/env.yaml -> /proc/self/environ`)
        // is refused unread, as in a work tree.
        let containment = CatalogContainment(paths: roots, files: found)
        for path in found {
            let name = revision + ":" + String(path.dropFirst(directory.path.count + 1))
            switch CatalogLoader.read(path, shown: name, containment: containment) {
            case .success(let text): files.append(SourceFile(path: name, text: text))
            case .failure(let diagnostic): unreadable.append(diagnostic)
            }
        }
        try GitStop.check()
        var loaded = CatalogLoader.load(files)
        loaded.diagnostics = unreadable + loaded.diagnostics
        return loaded
    }
}

/// Runs git in one directory, each run limited to `timeout` seconds.
struct GitRunner {
    var directory: String
    var timeout: Int

    /// git's standard output; a non-zero exit is `.gitFailed` with git's first error line.
    func output(_ arguments: [String]) throws(CatalogDiffError) -> String {
        let process = Process()
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let (stdout, stderr) = try run(process, arguments)
        // env's "command not found".
        if process.terminationStatus == 127 { throw .gitNotFound }
        guard process.terminationStatus == 0 else {
            throw .gitFailed(command: "git " + arguments.joined(separator: " "), detail: Self.firstLine(stderr))
        }
        return String(decoding: stdout, as: UTF8.self)
    }

    /// `git archive REVISION -- paths | tar -x -C directory`.
    func archive(_ revision: String, paths: [String], into target: String) throws(CatalogDiffError) {
        let arguments = ["archive", "--format=tar", revision, "--"] + paths
        let process = Process()
        let pipe = Pipe()
        let err = Pipe()
        process.standardOutput = pipe
        process.standardError = err
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-x", "-f", "-", "-C", target]
        tar.standardInput = pipe
        tar.standardError = Pipe()
        do { try tar.run() } catch { throw .gitFailed(command: "tar -x", detail: "\(error)") }
        let output: (Data, Data)
        do throws(CatalogDiffError) {
            output = try run(process, arguments, closing: pipe)
        } catch {
            GitStop.stop(tar)
            throw error
        }
        let stderr = output.1
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        while tar.isRunning, Date() < deadline, GitStop.received == nil { usleep(10_000) }
        if let signal = GitStop.received {
            GitStop.stop(tar)
            throw .interrupted(signal: signal)
        }
        if tar.isRunning {
            GitStop.stop(tar)
            throw .gitTimedOut(command: "tar -x", seconds: timeout)
        }
        guard process.terminationStatus == 0 else {
            throw .gitFailed(command: "git " + arguments.joined(separator: " "), detail: Self.firstLine(stderr))
        }
        guard tar.terminationStatus == 0 else {
            throw .gitFailed(command: "tar -x", detail: "exit \(tar.terminationStatus)")
        }
    }

    /// Starts git with `arguments`, reads its outputs and waits for it, at most `timeout`.
    private func run(_ process: Process, _ arguments: [String], closing handOn: Pipe? = nil) throws(CatalogDiffError)
        -> (Data, Data)
    {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let command = "git " + arguments.joined(separator: " ")
        do { try process.run() } catch { throw .gitFailed(command: command, detail: "cannot start git: \(error)") }
        // The write end is the child's now (tar reads the other end until git closes it).
        if let handOn { try? handOn.fileHandleForWriting.close() }
        nonisolated(unsafe) var stdout = Data()
        nonisolated(unsafe) var stderr = Data()
        let group = DispatchGroup()
        if let out = process.standardOutput as? Pipe, handOn == nil {
            group.enter()
            DispatchQueue.global().async {
                stdout = out.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        if let err = process.standardError as? Pipe {
            group.enter()
            DispatchQueue.global().async {
                stderr = err.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(TimeInterval(timeout))
        while process.isRunning, Date() < deadline, GitStop.received == nil { usleep(5_000) }
        if let signal = GitStop.received {
            GitStop.stop(process)
            _ = group.wait(timeout: .now() + 2)
            throw .interrupted(signal: signal)
        }
        if process.isRunning {
            GitStop.stop(process)
            _ = group.wait(timeout: .now() + 2)
            throw .gitTimedOut(command: command, seconds: timeout)
        }
        process.waitUntilExit()
        _ = group.wait(timeout: .now() + 5)
        return (stdout, stderr)
    }

    static func firstLine(_ data: Data) -> String {
        let text = String(decoding: data, as: UTF8.self)
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "no message" : line
    }
}
