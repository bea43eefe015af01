import Foundation

/// A sample as a person typed it (`vitals log`, one CSV row): text fields not yet checked.
public struct SampleInput: Sendable, Hashable {
    public var seriesID: String
    public var subjectID: String
    /// The number as typed; a decimal comma (`12,4`) is accepted.
    public var value: String?
    /// The unit as typed (`lb`, `kg`); nil means the series' unit in the chosen unit system.
    public var unit: String?
    /// When; nil means now.
    public var time: String?
    /// When it ended (for spans such as a sleep stage); nil means an instant.
    public var endTime: String?
    public var category: String?
    public var tag: String?
    public var note: String?
    public var source: String

    public init(
        seriesID: String, subjectID: String = "me", value: String?, unit: String? = nil,
        time: String? = nil, endTime: String? = nil, category: String? = nil,
        tag: String? = nil, note: String? = nil, source: String = "manual"
    ) {
        self.seriesID = seriesID
        self.subjectID = subjectID
        self.value = value
        self.unit = unit
        self.time = time
        self.endTime = endTime
        self.category = category
        self.tag = tag
        self.note = note
        self.source = source
    }
}

/// Checks typed input against the catalog and turns it into a `Sample` in base units.
///
/// Refuses, with an `EntryError` (a `CatalogLookupError` for the ids) that says why: an unknown series or subject (with a
/// did-you-mean), a value that is not a finite number, a unit of the wrong dimension, a value
/// outside the series' plausible range for the subject's kind (checked after conversion), an
/// unknown category, a time that cannot be read, lies more than a day ahead, or is before 1970.
public struct SampleValidator: Sendable {
    public var catalog: Catalog
    public var time: TimeParser
    /// The unit a value without one is read in (`--units imperial`: pounds).
    public var unitSystem: UnitSystem

    public init(catalog: Catalog, time: TimeParser = TimeParser(), unitSystem: UnitSystem = .metric) {
        self.catalog = catalog
        self.time = time
        self.unitSystem = unitSystem
    }

    public func sample(from input: SampleInput) throws -> Sample {
        var input = input
        let series = try series(input.seriesID)
        // `vitals log screenings dental`: for a category series the value may be the category.
        if series.kind == .category, input.category == nil, let text = input.value,
            Self.number(text) == nil
        {
            input.category = text
            input.value = nil
        }
        let subject = try subject(input.subjectID)
        let baseUnit = series.unit.known

        var category: String?
        if series.kind == .category {
            guard let given = input.category?.trimmingCharacters(in: .whitespaces), !given.isEmpty else {
                throw EntryError.needsCategory(seriesID: series.id, categories: series.categories)
            }
            guard series.categories.contains(given) else {
                throw EntryError.unknownCategory(given, seriesID: series.id, categories: series.categories)
            }
            category = given
        } else if let given = input.category, !given.isEmpty {
            throw EntryError.noCategories(seriesID: series.id, given: given)
        }

        let inputUnit: KnownUnit
        if let unitText = input.unit?.trimmingCharacters(in: .whitespaces), !unitText.isEmpty {
            guard let unit = KnownUnit.named(unitText) else {
                throw EntryError.unknownUnit(unitText, seriesID: series.id, seriesUnits: unitChoices(baseUnit))
            }
            guard unit.dimension == baseUnit.dimension else {
                throw EntryError.wrongDimension(
                    unit: unitText, dimension: unit.dimension.rawValue, seriesID: series.id,
                    seriesDimension: baseUnit.dimension.rawValue, baseUnit: baseUnit.symbol,
                    seriesUnits: unitChoices(baseUnit))
            }
            inputUnit = unit
        } else {
            inputUnit = unitSystem.displayUnit(for: series.unit)
        }

        let typed: Double
        if let text = input.value?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let number = Self.number(text), number.isFinite else {
                throw EntryError.notANumber(text)
            }
            typed = number
        } else if series.kind == .category {
            typed = 1
        } else {
            throw EntryError.noValue(seriesID: series.id)
        }
        // Same dimension (checked above, and a system's unit is of the base unit's dimension).
        guard let value = inputUnit.convert(typed, to: baseUnit) else {
            throw EntryError.doesNotConvert(unit: inputUnit.symbol, baseUnit: baseUnit.symbol, seriesID: series.id)
        }
        if let range = series.plausibleRange(for: subject.kind), !range.contains(value) {
            throw EntryError.implausible(
                typed: typed, unit: inputUnit.symbol, value: value, baseUnit: baseUnit.symbol,
                seriesID: series.id, subjectKind: subject.kind.rawValue, range: range)
        }

        let start = try input.time.map(time.parse) ?? time.current
        try checkTime(start.date)
        var end = start.date
        if let endText = input.endTime, !endText.isEmpty {
            end = try time.parse(endText).date
            try checkTime(end)
            guard end >= start.date else { throw EntryError.endBeforeStart }
        }

        return Sample(
            seriesID: series.id, subjectID: subject.id, start: start.date, end: end,
            utcOffsetSeconds: start.utcOffsetSeconds, value: value, category: category,
            tag: Self.clean(input.tag)?.lowercased(), source: input.source, note: Self.clean(input.note))
    }

    public func series(_ id: String) throws -> Series {
        if let found = catalog.series(id) { return found }
        let wanted = id.lowercased()
        if let category = catalog.portions.categories.first(where: { category in
            category.id.lowercased() == wanted || category.name.lowercased() == wanted
                || category.name.lowercased().split(whereSeparator: { !$0.isLetter }).contains { $0 == wanted }
        }), catalog.series(category.seriesID) != nil {
            throw CatalogLookupError.categoryLogsAs(id, category: category.name, series: category.seriesID)
        }
        let known = catalog.series.map(\.id)
        throw CatalogLookupError.unknownSeries(id, known: known)
    }

    public func subject(_ id: String) throws -> Subject {
        if let found = catalog.subject(id) { return found }
        let known = catalog.subjects.map(\.id)
        throw CatalogLookupError.unknownSubject(id, known: known)
    }

    private func checkTime(_ date: Date) throws {
        if date.timeIntervalSince(time.now) > 86_400 {
            throw EntryError.inTheFuture(TimeParser.format(date, utcOffsetSeconds: time.offset(at: date)))
        }
        if date.timeIntervalSince1970 < 86_400 {
            throw EntryError.beforeEpoch
        }
    }

    private func unitChoices(_ base: KnownUnit) -> [String] {
        KnownUnit.units(of: base.dimension).map(\.symbol)
    }

    /// Parses `12.4`, `12,4` or ` 1e3`; nil for anything else.
    static func number(_ text: String) -> Double? {
        var text = text
        if !text.contains("."), text.filter({ $0 == "," }).count == 1 {
            text = text.replacingOccurrences(of: ",", with: ".")
        }
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }) else { return nil }
        return Double(text)
    }

    static func plain(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.1f", value)
    }

    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        let cleaned = Sanitize.inline(text).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? nil : cleaned
    }
}

/// `did you mean body_mass?` for a mistyped name, or nil.
package func didYouMean(_ name: String, among candidates: [String]) -> String? {
    let found = Suggest.ranked(name, in: candidates, limit: 3)
    return found.isEmpty ? nil : "did you mean " + found.joined(separator: " or ") + "?"
}
