/// One language's words: the chrome every backend draws around a screen's data (axis titles,
/// legends, periods, footers, table headers, empty states, tooltips) and how it writes numbers
/// and dates, read from a `languages/<code>.yaml` file — a flat mapping of keys to text (or,
/// for month and weekday names, to a list of text).
public struct LanguageTable: Sendable {
    /// A key's value and where it was written.
    public struct Entry: Sendable {
        public enum Value: Sendable {
            case text(String)
            case list([String])
        }
        public var value: Value
        public var location: SourceLocation
    }

    /// The language code (`en`, `nl`), from the file's `language:` key.
    public var code: String
    /// The file the table was read from (`languages/nl.yaml`).
    public var file: String
    /// Where the table's mapping starts (for diagnostics about the whole table).
    public var location: SourceLocation
    public var entries: [String: Entry]

    /// Keys that say what the table is, not words: not compared between languages.
    public static let identityKeys: Set<String> = ["language", "name"]

    /// The text of `key`, nil when the table lacks it (or holds a list there).
    public func text(_ key: String) -> String? {
        if case .text(let text)? = entries[key]?.value { return text }
        return nil
    }

    /// The list of `key`, nil when the table lacks it (or holds text there).
    public func list(_ key: String) -> [String]? {
        if case .list(let items)? = entries[key]?.value { return items }
        return nil
    }

    /// How the language writes numbers (`number.decimal`, `number.grouping`).
    public var numbers: NumberStyle {
        NumberStyle(decimalSeparator: text("number.decimal") ?? ".", groupingSeparator: text("number.grouping") ?? ",")
    }

    /// The table in `text` (the file `file`), and what is wrong with it: not a mapping, a value
    /// that is neither text nor a list of text, no `language:`.
    public static func read(_ text: String, file: String) -> (table: LanguageTable?, problems: [Diagnostic]) {
        let composed: YAMLComposer.Result
        do {
            composed = try YAMLComposer().compose(text, file: file)
        } catch let problem as YAMLProblem {
            return (nil, [Diagnostic(.error, rule: RuleID.languageTable, problem.message, at: problem.location)])
        } catch {
            return (
                nil,
                [
                    Diagnostic(
                        .error, rule: RuleID.languageTable, "\(error)",
                        at: SourceLocation(file: file, line: 0, column: 0))
                ]
            )
        }
        var problems = composed.duplicates.map {
            Diagnostic(.error, rule: RuleID.languageTable, $0.message, at: $0.location)
        }
        guard let root = composed.root, let pairs = root.pairs else {
            problems.append(
                Diagnostic(
                    .error, rule: RuleID.languageTable, "a language table is a mapping of keys to text",
                    at: composed.root?.location ?? SourceLocation(file: file, line: 1, column: 1)))
            return (nil, problems)
        }
        var entries: [String: Entry] = [:]
        for (keyNode, valueNode) in pairs {
            guard let key = keyNode.scalarText else { continue }
            if let items = valueNode.items {
                let texts = items.compactMap(\.scalarText)
                guard texts.count == items.count else {
                    problems.append(
                        Diagnostic(
                            .error, rule: RuleID.languageTable,
                            "\(key): a list of words holds only text", at: valueNode.location))
                    continue
                }
                entries[key] = Entry(value: .list(texts), location: keyNode.location)
            } else if let text = valueNode.scalarText, !valueNode.isNull {
                entries[key] = Entry(value: .text(text), location: keyNode.location)
            } else {
                problems.append(
                    Diagnostic(
                        .error, rule: RuleID.languageTable,
                        "\(key): expected text or a list of text, got \(valueNode.kindDescription)",
                        at: valueNode.location))
            }
        }
        guard case .text(let code)? = entries["language"]?.value, !code.isEmpty else {
            problems.append(
                Diagnostic(
                    .error, rule: RuleID.languageTable, "the table names no `language:` code",
                    at: root.location))
            return (nil, problems)
        }
        return (LanguageTable(code: code, file: file, location: root.location, entries: entries), problems)
    }

    /// What this table lacks or holds wrongly against `reference` (English): each missing key,
    /// a list where text is expected (or the reverse), a list of another length, and a
    /// placeholder (`{n}`) of the reference's text left out — each at this table's file and line.
    public func problems(against reference: LanguageTable) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for key in reference.entries.keys.sorted() where !Self.identityKeys.contains(key) {
            guard let expected = reference.entries[key] else { continue }
            guard let entry = entries[key] else {
                found.append(
                    Diagnostic(
                        .error, rule: RuleID.languageTable,
                        "\(code) lacks the key '\(key)' (\(reference.file) has it)",
                        at: location, related: [expected.location]))
                continue
            }
            switch (expected.value, entry.value) {
            case (.text(let english), .text(let text)):
                for placeholder in Self.placeholders(in: english) where !text.contains(placeholder) {
                    found.append(
                        Diagnostic(
                            .error, rule: RuleID.languageTable,
                            "'\(key)' leaves out \(placeholder), which \(reference.file) fills in",
                            at: entry.location, related: [expected.location]))
                }
            case (.list(let english), .list(let items)) where english.count != items.count:
                found.append(
                    Diagnostic(
                        .error, rule: RuleID.languageTable,
                        "'\(key)' has \(items.count) words, \(reference.file) has \(english.count)",
                        at: entry.location, related: [expected.location]))
            case (.list, .list):
                break
            default:
                found.append(
                    Diagnostic(
                        .error, rule: RuleID.languageTable,
                        "'\(key)' must be \(expectedKind(expected.value)), as in \(reference.file)",
                        at: entry.location, related: [expected.location]))
            }
        }
        return found
    }

    private func expectedKind(_ value: Entry.Value) -> String {
        if case .list = value { return "a list of words" }
        return "text"
    }

    /// The `{name}` placeholders of `text`.
    static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        var current: String?
        for character in text {
            if character == "{" {
                current = "{"
            } else if character == "}", let open = current {
                found.append(open + "}")
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return found
    }
}
