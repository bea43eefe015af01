import VitalsKit

/// `vitals diff --format text`: for people at a terminal or in a CI log.
package enum DiffTextFormat {
    /// At most this many numbers are listed per screen (JSON lists them all).
    static let numberLimit = 40

    package static func render(_ result: CatalogDiffResult, data: String) -> String {
        var out = "vitals diff: \(result.oldLabel) → \(result.newLabel), as of \(result.asOf), on \(data)\n"
        out += DiffWords.summary(result) + "\n"
        for screen in result.screens {
            let mark = screen.status == .added ? "+" : screen.status == .removed ? "-" : "~"
            out += "\n\(mark) \(screen.screenID) (\(screen.name)): \(DiffWords.status(screen))\n"
            if !screen.causes.isEmpty {
                out += screen.causesAreShared ? "  possibly because of (shared entries):\n" : "  because of:\n"
                for cause in screen.causes { out += causeLines(cause) }
            }
            if !screen.numbers.isEmpty {
                out += "  numbers (before → after, change):\n"
                for change in screen.numbers.prefix(numberLimit) {
                    out += "    \(change.path): \(NumberChange.format(change.old)) → \(NumberChange.format(change.new))"
                    if let delta = change.delta { out += " (\(NumberChange.formatDelta(delta)))" }
                    out += "\n"
                }
                if screen.numbers.count > numberLimit {
                    out += "    … and \(screen.numbers.count - numberLimit) more (--format json lists them all)\n"
                }
            }
            if !screen.words.isEmpty {
                out += "  drawn alike; in its JSON only (before → after):\n"
                for change in screen.words.prefix(numberLimit) {
                    out +=
                        "    \(change.path): \(Sanitize.inline(change.old ?? "(none)")) → \(Sanitize.inline(change.new ?? "(none)"))\n"
                }
            }
            if !screen.textDiff.isEmpty {
                out +=
                    "  drawn:\n"
                    + screen.textDiff.split(separator: "\n", omittingEmptySubsequences: false)
                    .dropLast().map { "    " + $0 }.joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    static func causeLines(_ cause: EntryChange) -> String {
        guard cause.status == .changed else { return "    \(cause.location): \(cause.summary)\n" }
        return cause.keys.map { key in
            "    \(key.location): \(cause.id) \(key.path): \(key.old ?? "(none)") → \(key.new ?? "(none)")\n"
        }.joined()
    }
}

/// Words every format shares.
enum DiffWords {
    /// "1 screen drawn differently (1 changed, 0 added, 0 removed), 27 alike; numbers changed".
    static func summary(_ result: CatalogDiffResult) -> String {
        let changed = result.screens.filter { $0.status == .changed }.count
        let added = result.screens.filter { $0.status == .added }.count
        let removed = result.screens.filter { $0.status == .removed }.count
        guard !result.screens.isEmpty else {
            let entries = result.entryChanges.count
            let note =
                entries == 0
                ? "" : "; \(entries) catalog entr\(entries == 1 ? "y" : "ies") changed without changing what is drawn"
            return "no screen is drawn differently (\(result.unchangedScreens) alike)\(note)"
        }
        let count = result.screens.count
        return
            "\(count) screen\(count == 1 ? "" : "s") drawn differently (\(changed) changed, \(added) added, \(removed) removed), "
            + "\(result.unchangedScreens) alike; " + (result.numbersChanged ? "numbers changed" : "no number changed")
    }

    /// "changed, 3 numbers moved", "added".
    static func status(_ screen: ScreenDiff) -> String {
        let count = screen.numbers.count
        let numbers =
            count == 0
            ? "no number moved"
            : "\(count) number\(count == 1 ? "" : "s") " + (screen.status == .changed ? "moved" : "")
        switch screen.status {
        case .changed: return "changed, " + numbers
        case .added: return "added" + (count == 0 ? "" : ", \(count) numbers")
        case .removed: return "removed" + (count == 0 ? "" : ", \(count) numbers")
        }
    }
}
