import VitalsKit

/// `vitals diff --format json`: everything found, every number listed.
package enum DiffJSONFormat {
    package static func render(_ result: CatalogDiffResult, data: String) -> String {
        let counts: [(String, JSONValue)] =
            ScreenDiff.Status.allCases.map { status in
                (status.rawValue, JSONValue.number(Double(result.screens.filter { $0.status == status }.count)))
            } + [
                ("unchanged", .number(Double(result.unchangedScreens))),
                ("numbers_changed", .bool(result.numbersChanged)),
            ]
        let json = JSONValue.object([
            ("old", .string(result.oldLabel)),
            ("new", .string(result.newLabel)),
            ("as_of", .string(DateWords.iso(result.asOf))),
            ("data", .string(data)),
            ("summary", .object(counts)),
            ("screens", .array(result.screens.map(screen))),
            ("entry_changes", .array(result.entryChanges.map(entry))),
        ])
        return json.text() + "\n"
    }

    static func screen(_ screen: ScreenDiff) -> JSONValue {
        .object([
            ("screen_id", .string(screen.screenID)),
            ("name", .string(screen.name)),
            ("status", .string(screen.status.rawValue)),
            (
                "numbers",
                .array(
                    screen.numbers.map { change in
                        .object([
                            ("path", .string(change.path)), ("old", .number(change.old)), ("new", .number(change.new)),
                            ("delta", .number(change.delta)),
                        ])
                    })
            ),
            ("causes", .array(screen.causes.map(entry))),
            ("causes_shared", .bool(screen.causesAreShared)),
            ("text_diff", .string(screen.textDiff)),
            (
                "json_words",
                .array(
                    screen.words.map { change in
                        .object([
                            ("path", .string(change.path)), ("old", .string(change.old)), ("new", .string(change.new)),
                        ])
                    })
            ),
        ])
    }

    static func entry(_ change: EntryChange) -> JSONValue {
        .object([
            ("section", .string(change.section)),
            ("id", .string(change.id)),
            ("status", .string(change.status.rawValue)),
            ("file", .string(change.location.file)),
            ("line", .number(Double(change.location.line))),
            (
                "keys",
                .array(
                    change.keys.map { key in
                        .object([
                            ("key", .string(key.path)), ("old", .string(key.old)), ("new", .string(key.new)),
                            ("file", .string(key.location.file)), ("line", .number(Double(key.location.line))),
                            ("column", .number(Double(key.location.column))),
                        ])
                    })
            ),
        ])
    }
}
