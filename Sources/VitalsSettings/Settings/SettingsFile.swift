import Foundation
import VitalsKit

/// The settings file, `$XDG_CONFIG_HOME/vitals/config.yaml` (else
/// `~/.config/vitals/config.yaml`): a YAML mapping of `SettingKey`s to plain values.
///
/// Read with the catalog's YAML reader, so every problem has a line and column; an unknown
/// key is refused with the closest known one. A missing file is an empty one.
public struct SettingsFile: Sendable {
    /// One key's value as written in the file (already validated and made canonical).
    public struct Entry: Sendable, Hashable {
        public var value: String
        public var location: SourceLocation
    }

    public var path: String
    /// The file's text ("" when it does not exist), kept so `setting` can edit it in place.
    public var text: String
    public var entries: [SettingKey: Entry]

    /// The path for `environment`: `$XDG_CONFIG_HOME/vitals/config.yaml` when that is an
    /// absolute path, else `$HOME/.config/vitals/config.yaml`.
    public static func path(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/vitals/config.yaml"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/vitals/config.yaml"
    }

    /// Files larger than this are refused before reading (a settings file is a few lines).
    public static let maximumBytes = 64 * 1024

    /// Reads the file at `path`; a missing file gives no entries. A bad value of `repairing`
    /// is let through (as written) so that `config set` can replace it.
    public static func load(path: String, repairing: SettingKey? = nil) throws(SettingsError) -> SettingsFile {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return SettingsFile(path: path, text: "", entries: [:])
        }
        let shown = Sanitize.inline(path)
        guard !isDirectory.boolValue else {
            throw SettingsError(.unreadable, "\(shown) is a directory, not a settings file")
        }
        let kind = FileKind(atPath: path)
        guard kind == .regular else {
            throw SettingsError(.unreadable, "\(shown) is \(kind.described), not a settings file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw SettingsError(.unreadable, "cannot read the settings file \(shown)")
        }
        guard data.count <= maximumBytes else {
            throw SettingsError(
                .unreadable, "\(shown) is \(data.count) bytes; a settings file is at most \(maximumBytes)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SettingsError(.unreadable, "\(shown) is not UTF-8 text")
        }
        return try parse(text, path: path, repairing: repairing)
    }

    /// Reads settings from `text` (from the file at `path`, for messages); a bad value of
    /// `repairing` is kept as written instead of refused.
    public static func parse(_ text: String, path: String, repairing: SettingKey? = nil) throws(SettingsError)
        -> SettingsFile
    {
        let composed: YAMLComposer.Result
        do {
            composed = try YAMLComposer().compose(text, file: path)
        } catch let problem as YAMLProblem {
            throw SettingsError(.syntax, problem.message, at: problem.location)
        } catch {
            throw SettingsError(.syntax, "not YAML", at: SourceLocation(file: path, line: 1, column: 1))
        }
        if let duplicate = composed.duplicates.first {
            throw SettingsError(.syntax, duplicate.message, at: duplicate.location)
        }
        var file = SettingsFile(path: path, text: text, entries: [:])
        guard let root = composed.root, !root.isNull else { return file }
        guard let pairs = root.pairs else {
            throw SettingsError(
                .syntax, "settings must be a mapping of key: value, got \(root.kindDescription)",
                at: root.location, hint: "for example: units: uk")
        }
        for (keyNode, valueNode) in pairs {
            guard let name = keyNode.scalarText else {
                throw SettingsError(
                    .syntax, "a setting's key must be a word, got \(keyNode.kindDescription)", at: keyNode.location)
            }
            let key: SettingKey
            do {
                key = try SettingKey.named(name)
            } catch {
                throw SettingsError(.unknownKey, error.message, at: keyNode.location, hint: error.hint)
            }
            if key == repairing, (try? key.normalize(valueNode.scalarText ?? "")) == nil {
                file.entries[key] = Entry(value: valueNode.scalarText ?? "", location: valueNode.location)
                continue
            }
            guard let text = valueNode.scalarText, !valueNode.isNull else {
                let got = valueNode.isNull ? "no value" : valueNode.kindDescription
                throw SettingsError(
                    .invalidValue, "\(key.rawValue) needs a single value, got \(got)", at: valueNode.location,
                    hint: key.choices.map { "\(key.rawValue): " + $0.joined(separator: ", ") })
            }
            do {
                file.entries[key] = Entry(value: try key.normalize(text), location: valueNode.location)
            } catch {
                throw SettingsError(.invalidValue, error.message, at: valueNode.location)
            }
        }
        return file
    }

    /// The file's text with `key` set to `value` (already normalized): the key's line is
    /// replaced where it is one line of the file, else the line is added at the end. Other
    /// keys, comments and blank lines stay. When editing in place would not read back as
    /// intended (a flow mapping, a value over several lines), the file is written anew
    /// from its entries, without its comments.
    public func text(setting key: SettingKey, to value: String?) -> String {
        guard let value else { return text(removing: key) }
        let line = "\(key.rawValue): \(Self.yamlScalar(value))"
        var lines = text.isEmpty ? [] : text.components(separatedBy: "\n")
        if let entry = entries[key], entry.location.line - 1 < lines.count, entry.location.line >= 1,
            lines[entry.location.line - 1].hasPrefix(key.rawValue)
        {
            // A comment after the value stays: `units: uk   # UK please`.
            let old = lines[entry.location.line - 1]
            var comment = ""
            if let hash = old.range(of: #"\s+#.*$"#, options: .regularExpression) { comment = String(old[hash]) }
            lines[entry.location.line - 1] = line + comment
        } else {
            if lines.last == "" { lines.removeLast() }
            lines.append(line)
            lines.append("")
        }
        let edited = lines.joined(separator: "\n")
        if let check = try? Self.parse(edited, path: path), check.entries[key]?.value == value,
            check.entries.count == entries.count + (entries[key] == nil ? 1 : 0)
        {
            return edited
        }
        var rewritten = entries.mapValues(\.value)
        rewritten[key] = value
        return SettingKey.allCases.compactMap { key in
            rewritten[key].map { "\(key.rawValue): \(Self.yamlScalar($0))" }
        }.joined(separator: "\n") + "\n"
    }

    /// The file without `key`: its line removed where it is one line, else written anew
    /// from the other entries.
    func text(removing key: SettingKey) -> String {
        guard let entry = entries[key] else { return text }
        var lines = text.components(separatedBy: "\n")
        if entry.location.line >= 1, entry.location.line - 1 < lines.count,
            lines[entry.location.line - 1].hasPrefix(key.rawValue)
        {
            lines.remove(at: entry.location.line - 1)
            let edited = lines.joined(separator: "\n")
            if let check = try? Self.parse(edited, path: path), check.entries[key] == nil,
                check.entries.count == entries.count - 1
            {
                return edited
            }
        }
        return SettingKey.allCases.compactMap { other in
            other == key ? nil : entries[other].map { "\(other.rawValue): \(Self.yamlScalar($0.value))" }
        }.joined(separator: "\n") + "\n"
    }

    /// `value` as a YAML scalar: plain when it reads back as the same string, else double-quoted.
    static func yamlScalar(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy {
            ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-~+".unicodeScalars.contains($0))
        }
        if plain, let first = value.unicodeScalars.first, !"-~".unicodeScalars.contains(first),
            !["true", "false", "yes", "no", "null", "on", "off", "y", "n"].contains(value.lowercased())
        {
            return value
        }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// Writes `text` to `path` atomically (a temporary file in the same directory, renamed
    /// over the old one; 0600 for a new file, an existing one's mode kept), creating the
    /// directory (0700) when missing. A failed write leaves the old file and no temporary one.
    public static func write(_ text: String, to path: String) throws(SettingsError) {
        let directory = (path as NSString).deletingLastPathComponent
        let shown = Sanitize.inline(path)
        do {
            try PrivateFile.createDirectory(directory)
            try PrivateFile.write(Array(text.utf8), to: path)
        } catch {
            throw SettingsError(.unwritable, "cannot write the settings file \(shown): \(error.reason)")
        }
    }

    /// How long `update` waits for another process's `config set` on the same file.
    public static let lockTimeout: TimeInterval = 10

    /// Sets `key` to `value` (already normalized; nil removes it) in the file at `path` as one step against
    /// other processes doing the same: under an exclusive lock on the file's directory, the
    /// file is read afresh, edited and renamed into place, so two `config set`s of different
    /// keys at once both land. Returns the file as it was read.
    public static func update(path: String, setting key: SettingKey, to value: String?) throws(SettingsError)
        -> SettingsFile
    {
        let directory = (path as NSString).deletingLastPathComponent
        let shown = Sanitize.inline(path)
        do {
            try PrivateFile.createDirectory(directory)
        } catch {
            throw SettingsError(.unwritable, "cannot write the settings file \(shown): \(error.reason)")
        }
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw SettingsError(
                .unwritable, "cannot write the settings file \(shown): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let deadline = Date().addingTimeInterval(lockTimeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                throw SettingsError(
                    .unwritable,
                    "cannot write the settings file \(shown): another vitals held it "
                        + "for \(Int(lockTimeout)) s")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        defer { flock(fd, LOCK_UN) }
        // Under the lock no other `set` is writing: a temporary file here was left by one
        // that was killed between writing it and renaming it.
        let name = (path as NSString).lastPathComponent
        for other in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where other.hasPrefix("." + name + ".") && other.hasSuffix(".tmp") {
            unlink(directory + "/" + other)
        }
        let file = try load(path: path, repairing: key)
        try write(file.text(setting: key, to: value), to: path)
        return file
    }
}
