import Foundation

/// Why a typed entry (`vitals log`, `edit`, a CSV row) was refused, or a change to a stored one.
///
/// Units and dimensions are carried as the text shown (`kg`, `mass`), values as typed.
public enum EntryError: VitalsError, Equatable {
    /// A category series logged without a category.
    case needsCategory(seriesID: String, categories: [String])
    /// A category the series does not declare.
    case unknownCategory(String, seriesID: String, categories: [String])
    /// A category given for a series that has none.
    case noCategories(seriesID: String, given: String)
    /// A unit vitals does not know; `seriesUnits` are the units of the series' dimension.
    case unknownUnit(String, seriesID: String, seriesUnits: [String])
    /// A known unit of another dimension than the series' (`kg` for a length).
    case wrongDimension(
        unit: String, dimension: String, seriesID: String, seriesDimension: String,
        baseUnit: String, seriesUnits: [String])
    /// A value that is not a finite number.
    case notANumber(String)
    /// No value for a series that needs one.
    case noValue(seriesID: String)
    /// A value outside the series' plausible range for the subject's kind; `typed` in
    /// `unit`, `value` and the range in the series' `baseUnit`.
    case implausible(
        typed: Double, unit: String, value: Double, baseUnit: String, seriesID: String,
        subjectKind: String, range: ClosedRange<Double>)
    /// A unit of the series' dimension that has no conversion to its base unit.
    case doesNotConvert(unit: String, baseUnit: String, seriesID: String)
    /// A time that matches none of the accepted forms.
    case unreadableTime(String)
    /// A time more than a day ahead, as written back (`2026-06-16 09:00 +02:00`).
    case inTheFuture(String)
    /// A time before 1970-01-02.
    case beforeEpoch
    case endBeforeStart
    /// `edit` would make entry `entryID` a copy of `existingID`.
    case duplicate(existingID: Int64, entryID: Int64)
    /// Deleting or editing an entry an import brought in; `verb` is `deleting` or `editing`.
    case importedEntry(id: Int64, source: String, verb: String)

    public var message: String {
        switch self {
        case .needsCategory(let series, _):
            return "series \(series) needs a category"
        case .unknownCategory(let given, let series, _):
            return "unknown category '\(Sanitize.inline(given))' for series \(series)"
        case .noCategories(let series, let given):
            return "series \(series) has no categories (got '\(Sanitize.inline(given))')"
        case .unknownUnit(let unit, _, _):
            return "unknown unit '\(Sanitize.inline(unit))'"
        case .wrongDimension(let unit, let dimension, let series, let seriesDimension, let base, _):
            return "unit '\(unit)' measures \(dimension), but \(series) is \(seriesDimension) (\(base))"
        case .notANumber(let text):
            return "'\(Sanitize.inline(text))' is not a number"
        case .noValue(let series):
            return "no value given for \(series)"
        case .implausible(let typed, let unit, let value, let base, let series, let kind, let range):
            let shown =
                unit == base
                ? "\(SampleValidator.plain(typed)) \(base)"
                : "\(SampleValidator.plain(typed)) \(unit) (\(SampleValidator.plain(value)) \(base))"
            return "\(shown) is outside the plausible range for \(series) of a \(kind): "
                + "\(SampleValidator.plain(range.lowerBound))–\(SampleValidator.plain(range.upperBound)) \(base)"
        case .unreadableTime(let text):
            return "cannot read the time '\(Sanitize.inline(text))'"
        case .inTheFuture(let time):
            return "\(time) is more than a day in the future"
        case .doesNotConvert(let unit, let base, let series):
            return "unit '\(unit)' does not convert to \(base) for \(series)"
        case .beforeEpoch:
            return "times before 1970-01-02 are not supported"
        case .endBeforeStart:
            return "end time is before start time"
        case .duplicate(let existing, _):
            return "entry \(existing) is already exactly that; nothing changed"
        case .importedEntry(let id, let source, let verb):
            return
                "entry \(id) came from an import (\(Sanitize.inline(source))); \(verb) it here does not change the file it came from"
        }
    }

    public var hints: [String] {
        switch self {
        case .needsCategory(_, let categories):
            return ["one of: " + categories.joined(separator: ", ")]
        case .unknownCategory(let given, _, let categories):
            return [didYouMean(given, among: categories) ?? "one of: " + categories.joined(separator: ", ")]
        case .unknownUnit(let unit, let series, let units):
            return [
                didYouMean(unit, among: KnownUnit.allSymbols) ?? "units for \(series): " + units.joined(separator: ", ")
            ]
        case .wrongDimension(_, _, let series, _, _, let units):
            return ["units for \(series): " + units.joined(separator: ", ")]
        case .unreadableTime:
            return ["use YYYY-MM-DD, YYYY-MM-DDTHH:MM[:SS][±HH:MM], HH:MM, yesterday [HH:MM] or now"]
        case .duplicate(_, let entry):
            return ["vitals delete \(entry) removes this one"]
        case .importedEntry(_, _, let verb):
            return [
                "importing that file again restores the original entry (imports add what is missing, by each sample's natural key)",
                "pass --force to \(verb == "deleting" ? "delete" : "edit") it anyway, knowing a re-import brings the original back",
            ]
        default:
            return []
        }
    }

    public var kind: VitalsErrorKind { .refused }
}
