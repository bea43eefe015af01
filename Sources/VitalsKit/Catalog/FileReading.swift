import Foundation

/// An entry decoded from one file, before it joins the catalog.
package enum DecodedEntry: Sendable {
    case pillar(Pillar)
    case subject(Subject)
    case series(Series)
    case screen(DisplayScreen)
    case metric(DisplayMetric)
    case portion(PortionEntry)
}

/// Phases 1 and 2 for one file: compose the YAML, then decode each entry strictly.
struct FileReading: Sendable {
    var diagnostics: [Diagnostic] = []
    var entries: [DecodedEntry] = []

    static func read(_ file: SourceFile) -> FileReading {
        var reading = FileReading()
        reading.load(file)
        return reading
    }

    mutating func load(_ file: SourceFile) {
        let at = SourceLocation(file: file.path, line: 1, column: 1)
        let result: YAMLComposer.Result
        do {
            var composer = YAMLComposer()
            composer.keyNames = CatalogSchema.keyNames
            result = try composer.compose(file.text, file: file.path)
        } catch let problem as YAMLProblem {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.yamlSyntax,
                    Self.explain(problem, in: file.text), at: problem.location))
            return
        } catch {
            diagnostics.append(Diagnostic(.error, rule: RuleID.yamlSyntax, "\(error)", at: at))
            return
        }
        for duplicate in result.duplicates {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.duplicateKey, duplicate.message,
                    at: duplicate.location, related: duplicate.related.map { [$0] } ?? []))
        }
        let sectionNames = CatalogSchema.sections.map(\.key).joined(separator: ", ")
        guard let root = result.root else {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.fileFormat,
                    "file is empty; a catalog file is a mapping with any of: \(sectionNames)", at: at))
            return
        }
        guard let pairs = root.pairs else {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.fileFormat,
                    "the file must be a mapping with any of \(sectionNames); found \(root.kindDescription)",
                    at: root.location))
            return
        }
        // As many entries as the lists hold, reserved once (an array grown by doubling holds up
        // to twice what it needs until its entries join the catalog).
        entries.reserveCapacity(pairs.reduce(0) { $0 + ($1.value.items?.count ?? 0) })
        for (key, value) in pairs {
            let name = key.scalarText ?? ""
            guard let section = CatalogSchema.sections.first(where: { $0.key == name }) else {
                var message = "unknown top-level key '\(Sanitize.inline(name))'"
                if let guess = Suggest.closest(to: name, in: CatalogSchema.sections.map(\.key)) {
                    message += "; did you mean '\(guess)'?"
                } else {
                    message += "; allowed: \(sectionNames)"
                }
                diagnostics.append(Diagnostic(.error, rule: RuleID.unknownKey, message, at: key.location))
                continue
            }
            guard let items = value.items else {
                let empty = value.isNull ? "; write [] for an empty list, or leave the key out" : ""
                diagnostics.append(
                    Diagnostic(
                        .error, rule: RuleID.wrongType,
                        "'\(name)' must be a list of \(section.entry.name) entries, found \(value.kindDescription)\(empty)",
                        at: value.location))
                continue
            }
            for item in items { decode(item, as: section.entry) }
        }
    }

    private mutating func decode(_ node: YAMLNode, as spec: EntrySpec) {
        guard let reader = EntryReader(node, spec: spec, context: "this \(spec.name)", diagnostics: &diagnostics) else {
            return
        }
        let entry: DecodedEntry?
        switch spec.name {
        case "pillar": entry = EntryDecoding.pillar(reader).map(DecodedEntry.pillar)
        case "subject": entry = EntryDecoding.subject(reader, diagnostics: &diagnostics).map(DecodedEntry.subject)
        case "series": entry = EntryDecoding.series(reader, diagnostics: &diagnostics).map(DecodedEntry.series)
        case "screen": entry = EntryDecoding.screen(reader).map(DecodedEntry.screen)
        case "category", "meal_slot", "food", "budget":
            entry = PortionDecoding.decode(reader, diagnostics: &diagnostics).map(DecodedEntry.portion)
        default: entry = EntryDecoding.metric(reader, diagnostics: &diagnostics).map(DecodedEntry.metric)
        }
        if let entry { entries.append(entry) }
    }

    /// Makes libyaml's wording friendlier for the mistakes people make most.
    static func explain(_ problem: YAMLProblem, in text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = problem.location.line - 1
        if index >= 0, index < lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            if indent.contains("\t") || (problem.message.contains("cannot start any token") && line.contains("\t")) {
                return "tab character in indentation; YAML indents with spaces (\(problem.message))"
            }
        }
        return problem.message
    }
}
