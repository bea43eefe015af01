/// Turns checked YAML entries into catalog values (phase 2 of loading).
///
/// Defaults live here: `is_active` true, `order` 0, `subject` me, `kind` human.
package enum EntryDecoding {
    package static func pillar(_ r: EntryReader) -> Pillar? {
        guard let id = r.string("pillar_id"), let name = r.string("name") else { return nil }
        return Pillar(
            id: id, name: name, color: r.string("color"), order: r.int("order") ?? 0,
            location: r.node.location, keyLocations: r.keyLocations)
    }

    package static func subject(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> Subject? {
        guard let id = r.string("subject_id"), let name = r.string("name") else { return nil }
        var subject = Subject(
            id: id, name: name,
            kind: r.string("kind").flatMap(SubjectKind.init(rawValue:)) ?? .human,
            birthDate: r.string("birth_date"), sex: r.string("sex"), breed: r.string("breed"),
            location: r.node.location)
        subject.keyLocations = r.keyLocations
        if let node = r.node("pregnancy") {
            subject.pregnancy = pregnancy(node, subject: r, diagnostics: &diagnostics)
        }
        return subject
    }

    package static func series(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> Series? {
        guard let id = r.string("series_id"),
            let kind = r.string("kind").flatMap(Series.Kind.init(rawValue:)),
            let unit = r.string("unit").flatMap(BaseUnit.init(rawValue:))
        else { return nil }
        var byKind: [SubjectKind: ClosedRange<Double>] = [:]
        if let node = r.node("by_kind") {
            for (key, value) in node.pairs ?? [] {
                guard let name = key.scalarText else { continue }
                guard let subjectKind = SubjectKind(rawValue: name) else {
                    var message = "unknown subject kind '\(Sanitize.inline(name))' in by_kind"
                    if let guess = Suggest.closest(to: name, in: SubjectKind.allCases.map(\.rawValue)) {
                        message += "; did you mean '\(guess)'?"
                    }
                    diagnostics.append(Diagnostic(.error, rule: RuleID.unknownKey, message, at: key.location))
                    continue
                }
                guard
                    let range = EntryReader(
                        value, spec: CatalogSchema.plausibleRange,
                        context: "by_kind.\(name)", diagnostics: &diagnostics),
                    let low = range.double("min"), let high = range.double("max")
                else { continue }
                guard low <= high else {
                    diagnostics.append(
                        Diagnostic(
                            .error, rule: RuleID.invalidValue,
                            "by_kind.\(name): min \(low) is greater than max \(high)", at: value.location))
                    continue
                }
                byKind[subjectKind] = low...high
            }
        }
        var series = Series(
            id: id, kind: kind, unit: unit, categories: r.strings("categories") ?? [],
            min: r.double("min"), max: r.double("max"), rangeByKind: byKind,
            healthKit: r.strings("healthkit") ?? [], description: r.string("description"),
            location: r.node.location, keyLocations: r.keyLocations)
        series.overlappingSources = r.string("overlapping_sources").flatMap(Series.OverlapRule.init(rawValue:))
        series.sourcePriority = r.strings("source_priority")
        if series.sourcePriority != nil, series.overlappingSources != .priority, let node = r.node("source_priority") {
            diagnostics.append(
                Diagnostic(
                    .warning, rule: RuleID.invalidValue,
                    "source_priority counts only with overlapping_sources: priority; \(id) ranks no source",
                    at: node.location))
        }
        return series
    }

    package static func screen(_ r: EntryReader) -> DisplayScreen? {
        guard let id = r.string("screen_id"), let name = r.string("name"), let pillar = r.string("pillar") else {
            return nil
        }
        return DisplayScreen(
            id: id, name: name, pillarID: pillar, formerIDs: r.strings("former_ids") ?? [],
            isActive: r.bool("is_active") ?? true,
            order: r.int("order") ?? 0, subjectID: r.string("subject") ?? "me",
            icon: r.string("icon"), description: r.string("description"),
            emptyMessage: r.string("empty_message"), language: r.string("language"),
            config: r.node("config"), location: r.node.location, keyLocations: r.keyLocations)
    }

    package static func metric(_ r: EntryReader, diagnostics: inout [Diagnostic]) -> DisplayMetric? {
        typealias K = MetricKey
        guard let id = r.string(K.id), let screen = r.string(K.screen),
            let name = r.string(K.name), let chart = r.string(K.chart)
        else { return nil }
        var target: Target?
        if let node = r.node(K.target) {
            target = self.target(node, diagnostics: &diagnostics)
        }
        var binding = MetricBinding(
            seriesID: r.string(K.series),
            aggregate: r.string(K.aggregate).flatMap(Aggregate.init(rawValue:)),
            bucket: r.string(K.bucket).flatMap(Bucket.init(rawValue:)),
            range: r.string(K.range).flatMap(TimeRange.init),
            rolling: r.int(K.rolling), splitBy: r.string(K.splitBy).flatMap(SplitKey.init(rawValue:)),
            unit: r.string(K.unit),
            target: target, dayCutoffMinutes: r.string(K.dayCutoff).flatMap(ClockTime.init)?.minutesAfterMidnight,
            divideBy: r.string(K.divideBy), categories: r.strings(K.categories))
        var keyLocations = r.keyLocations
        if let node = r.node(K.y) {
            binding.versus = paired(node, keyLocations: &keyLocations, diagnostics: &diagnostics)
        }
        return DisplayMetric(
            id: id, screenID: screen, displayName: name, chartTypeID: chart,
            isPrimary: r.bool(K.isPrimary) ?? false, isActive: r.bool(K.isActive) ?? true,
            parentID: r.string(K.parent), order: r.int(K.order) ?? 0,
            aboutWhat: r.string(K.aboutWhat), aboutWhy: r.string(K.aboutWhy),
            color: r.string(K.color), role: r.string(K.role).map(MetricRole.init(rawValue:)),
            binding: binding,
            location: r.node.location, keyLocations: keyLocations)
    }

    /// The keys `metric(_:diagnostics:)` reads, each found in `CatalogSchema.metric` once (a
    /// catalog has thousands of metrics; a name looked up for every read of every one was
    /// much of decoding).
    private enum MetricKey {
        static let id = at("display_metric_id"), screen = at("display_screen_id"), name = at("display_name"),
            chart = at("chart_type_id"), isPrimary = at("is_primary"), isActive = at("is_active"),
            parent = at("parent_metric_id"), order = at("order"), aboutWhat = at("about_what"),
            aboutWhy = at("about_why"), color = at("color"), role = at("role"), series = at("series"),
            aggregate = at("aggregate"), bucket = at("bucket"), range = at("range"), rolling = at("rolling"),
            splitBy = at("split_by"), unit = at("unit"), target = at("target"), dayCutoff = at("day_cutoff"),
            categories = at("categories"), divideBy = at("divide_by"), y = at("y")

        private static func at(_ name: String) -> EntrySpec.Position { CatalogSchema.metric.position(of: name) }
    }

    /// Reads a metric's `y:` mapping; its keys' locations join the metric's as `y.series` ….
    package static func paired(
        _ node: YAMLNode, keyLocations: inout KeyLocations,
        diagnostics: inout [Diagnostic]
    ) -> PairedBinding? {
        guard let r = EntryReader(node, spec: CatalogSchema.pairedSeries, context: "y", diagnostics: &diagnostics),
            let series = r.string("series")
        else { return nil }
        for (key, location) in r.keyLocations { keyLocations.addFirst("y." + key, location) }
        return PairedBinding(
            seriesID: series, aggregate: r.string("aggregate").flatMap(Aggregate.init(rawValue:)),
            unit: r.string("unit"), categories: r.strings("categories"),
            lagDays: r.int("lag_days") ?? 0, name: r.string("name"))
    }

    /// The keys each target rule needs (`CatalogSchema.target.requiredWhen`), by rule, looked
    /// up once instead of filtered for each of 20,000 targets.
    private static let neededByTargetRule: [String: [(name: String, key: EntrySpec.Position)]] = Dictionary(
        CatalogSchema.target.requiredWhen.filter { $0.key == "rule" }
            .map { ($0.value, $0.required.map { ($0, CatalogSchema.target.position(of: $0)) }) },
        uniquingKeysWith: { $0 + $1 })

    /// The keys `target(_:diagnostics:)` reads, each found in `CatalogSchema.target` once.
    private enum TargetKey {
        static let rule = at("rule"), value = at("value"), tolerance = at("tolerance"), min = at("min"), max = at("max")

        private static func at(_ name: String) -> EntrySpec.Position { CatalogSchema.target.position(of: name) }
    }

    /// Reads a target mapping; a rule without the numbers it needs is reported and dropped.
    package static func target(_ node: YAMLNode, diagnostics: inout [Diagnostic]) -> Target? {
        typealias K = TargetKey
        guard let r = EntryReader(node, spec: CatalogSchema.target, context: "target", diagnostics: &diagnostics),
            let rule = r.string(K.rule)
        else { return nil }
        // The keys each rule needs, as the JSON Schema states them (CatalogSchema.target).
        let needed = neededByTargetRule[rule] ?? []
        let pairs = node.pairs ?? []
        for (key, _) in needed where !pairs.contains(where: { $0.key.scalarText == key }) {
            diagnostics.append(
                Diagnostic(
                    .error, rule: RuleID.missingKey,
                    "target rule '\(rule)' needs '\(key)'", at: node.location))
        }
        guard needed.allSatisfy({ r.double($0.key) != nil }) else { return nil }
        switch rule {
        case "exact":
            return .exact(value: r.double(K.value)!, tolerance: r.double(K.tolerance) ?? Target.defaultTolerance)
        case "at_least":
            return .atLeast(r.double(K.value)!)
        case "at_most":
            return .atMost(r.double(K.value)!)
        default:
            return .range(min: r.double(K.min)!, max: r.double(K.max)!)
        }
    }
}
