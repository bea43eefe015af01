import Foundation
import VitalsKit

/// A report for sharing (`--redact`, `--shift-dates`), made as data before any backend draws it:
///
/// - `catalog(_:)` is the catalog the screens are composed from: every subject renamed ("Me",
///   "Subject A", "Subject B" … in catalog order), and where the catalog's own words (screen,
///   metric and pillar names, descriptions, About texts) hold a subject's name as a word, the
///   new name instead;
/// - `disclosure(dayOne:)`, set while composing and drawing, makes `SampleSourceWords` withhold
///   every source, device and app, and `DateWords` write every date as "day N";
/// - `apply(_:)` finishes each composed document: the values behind it (`--format json`'s
///   data) lose their sources, devices and notes and have their dates shifted, and a date a
///   module wrote as `YYYY-MM-DD` into a text is shifted too.
///
/// Nothing searches finished HTML: escaping stays the backend's job.
package struct SharedCopy: Sendable {
    package var withholdsPersonal: Bool
    package var shiftsDates: Bool
    package let period: ReportPeriod

    package init(withholdsPersonal: Bool, shiftsDates: Bool, period: ReportPeriod) {
        self.withholdsPersonal = withholdsPersonal
        self.shiftsDates = shiftsDates
        self.period = period
    }

    /// Whether anything is changed at all.
    package var isPlain: Bool { !withholdsPersonal && !shiftsDates }

    /// The disclosure to compose and draw the documents under.
    package func disclosure(dayOne: LocalDate?) -> Disclosure {
        Disclosure(
            withholdsPersonal: withholdsPersonal, dayOne: shiftsDates ? dayOne ?? period.firstDay ?? period.asOf : nil)
    }

    /// The notice under the report's title, nil when nothing is left out.
    package var notice: String? {
        switch (withholdsPersonal, shiftsDates) {
        case (true, true): return "Shared copy: names, devices, sources and notes withheld; dates counted from day 1."
        case (true, false): return "Shared copy: names, devices, sources and notes withheld."
        case (false, true): return "Dates counted from day 1 (the period's first day)."
        case (false, false): return nil
        }
    }

    // MARK: Names

    /// The name a subject gets in a shared copy: "Me" for `me`, else "Subject A", "Subject B" …
    static func alias(_ index: Int) -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return index < letters.count ? "Subject \(letters[index])" : "Subject \(index + 1)"
    }

    /// Each subject's name → its alias, longest name first (empty names left out).
    func aliases(_ catalog: Catalog) -> [(name: String, alias: String)] {
        var pairs: [(String, String)] = []
        var others = 0
        for subject in catalog.subjects {
            let alias = subject.id == "me" ? "Me" : Self.alias(others)
            if subject.id != "me" { others += 1 }
            pairs.append((subject.name, alias))
        }
        return pairs.filter { !$0.0.isEmpty }.sorted { $0.0.count > $1.0.count }
    }

    /// The catalog the shared copy is composed from (as it is unless names are withheld).
    package func catalog(_ catalog: Catalog) -> Catalog {
        guard withholdsPersonal else { return catalog }
        let names = aliases(catalog)
        func words(_ text: String) -> String { NameWords.replacing(names, in: text) }
        var out = Catalog()
        out.files = catalog.files
        for var pillar in catalog.pillars {
            pillar.name = words(pillar.name)
            out.add(pillar)
        }
        var others = 0
        for var subject in catalog.subjects {
            if subject.id == "me" {
                subject.name = "Me"
            } else {
                subject.name = Self.alias(others)
                others += 1
            }
            out.add(subject)
        }
        for series in catalog.series { out.add(series) }
        for var screen in catalog.screens {
            screen.name = words(screen.name)
            screen.description = screen.description.map(words)
            screen.emptyMessage = screen.emptyMessage.map(words)
            out.add(screen)
        }
        for var metric in catalog.metrics {
            metric.displayName = words(metric.displayName)
            metric.aboutWhat = metric.aboutWhat.map(words)
            metric.aboutWhy = metric.aboutWhy.map(words)
            out.add(metric)
        }
        out.portions = catalog.portions
        return out
    }

    // MARK: Day one

    /// Day 1: the period's first day, else the earliest date `documents` (composed without
    /// shifting) show — in their charts and in the values behind them (milestones, weigh-ins,
    /// birth dates).
    package func dayOne(in documents: [ScreenDocument]) -> LocalDate {
        if let first = period.firstDay { return first }
        var earliest = period.asOf
        func visit(_ value: JSONValue) {
            switch value {
            case .string(let text) where text.utf8.count == 10:
                if let day = LocalDate(iso: text), day < earliest { earliest = day }
            case .object(let pairs): for pair in pairs { visit(pair.1) }
            case .array(let items): for item in items { visit(item) }
            default: break
            }
        }
        for document in documents {
            for block in document.blocks {
                visit(block.data)
                guard case .chart(let figure) = block.content else { continue }
                let input = figure.input
                let dates =
                    input.points.compactMap(\.date) + (input.stacked?.buckets.compactMap(\.date) ?? [])
                    + input.calendar.map(\.date) + input.milestones.flatMap { [$0.due] + ($0.done.map { [$0] } ?? []) }
                    + [input.stat?.date].compactMap { $0 }
                for day in dates where day < earliest { earliest = day }
            }
        }
        return earliest
    }
}

/// Replacing names where they stand as words: "Ollie" in "van Ollie naast" but not "Eva" in
/// "Evaluation"; longest name first, and a replacement is never searched again.
enum NameWords {
    static func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    static func replacing(_ names: [(name: String, alias: String)], in text: String) -> String {
        guard !names.isEmpty, !text.isEmpty else { return text }
        let characters = Array(text)
        let patterns = names.map { (Array($0.name), $0.alias) }.filter { !$0.0.isEmpty }
        var out = ""
        var index = 0
        scanning: while index < characters.count {
            for (name, alias) in patterns where index + name.count <= characters.count {
                guard characters[index] == name[0], Array(characters[index..<index + name.count]) == name else {
                    continue
                }
                let before = index > 0 ? characters[index - 1] : nil
                let after = index + name.count < characters.count ? characters[index + name.count] : nil
                let startsClean = !isWord(name[0]) || before.map { !isWord($0) } ?? true
                let endsClean = !isWord(name[name.count - 1]) || after.map { !isWord($0) } ?? true
                guard startsClean, endsClean else { continue }
                out += alias
                index += name.count
                continue scanning
            }
            out.append(characters[index])
            index += 1
        }
        return out
    }
}
