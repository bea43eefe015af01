import Foundation
import VitalsKit
import VitalsSettings

/// This run's settings: flags, then the environment, the settings file, the locale and the
/// defaults (`Settings.resolve`). The file is read once per run (its options, the units,
/// the colour, the database and the subject all ask); a broken one stops the command with its
/// path, line and column (exit 2).
enum RunSettings {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The settings file of this environment (empty when missing).
    static func file(environment: [String: String] = environment, repairing: SettingKey? = nil) throws -> SettingsFile {
        let path = SettingsFile.path(environment: environment)
        do {
            // `config set` reads it its own way (a bad value of its key let through).
            guard repairing == nil else { return try SettingsFile.load(path: path, repairing: repairing) }
            return try readFiles.file(at: path) { () throws(SettingsError) in try SettingsFile.load(path: path) }
        } catch {
            throw userError(error)
        }
    }

    /// The settings files read in this process, by path.
    private static let readFiles = ReadSettingsFiles()

    /// Makes the next `file()` read the file again (watch mode, after the file changed).
    static func forgetReadFiles() { readFiles.forgetAll() }

    /// Every setting resolved with these flags (nil: not given).
    static func resolve(
        units: String? = nil, db: String? = nil, color: ColorMode? = nil,
        environment: [String: String] = environment
    ) throws -> Settings {
        var flags: [SettingKey: (value: String, option: String)] = [:]
        if let units { flags[.units] = (units, "--units") }
        if let db, !db.isEmpty { flags[.db] = (db, "--db") }
        if let color { flags[.color] = (color.rawValue, "--color") }
        let file = try self.file(environment: environment)
        do {
            return try Settings.resolve(flags: flags, environment: environment, file: file)
        } catch {
            throw userError(error)
        }
    }

    /// `--subject`, else the settings file's `subject`, else `me`. Non-throwing for the
    /// commands' `subject` property: a broken file stops them when they open the database.
    static func subject(flag: String?) -> String {
        flag ?? (try? resolve().subject) ?? "me"
    }

    /// A settings problem as the CLI reports it: exit 2 (the run cannot go on), with the hint.
    static func userError(_ error: SettingsError, _ reason: ExitReason = .cannotRun) -> CommandError {
        CommandError(error.description, hints: error.hint.map { [$0] } ?? [], reason)
    }
}

/// Settings files read once per process, by path.
private final class ReadSettingsFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: SettingsFile] = [:]

    func forgetAll() { lock.withLock { files = [:] } }

    func file(at path: String, read: () throws(SettingsError) -> SettingsFile) throws(SettingsError) -> SettingsFile {
        if let known = lock.withLock({ files[path] }) { return known }
        let file = try read()
        lock.withLock { files[path] = file }
        return file
    }
}
