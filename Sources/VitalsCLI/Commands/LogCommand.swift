import ArgumentParser
import Foundation
import VitalsKit

/// `vitals log`: quick entry of one sample.
struct LogCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract:
            "Record one value, e.g. `vitals log body_mass 12.4 --subject ollie`, `vitals log vegetables 80 g --meal lunch` or `vitals log food apple`.",
        discussion: """
            The value is checked against the series' plausible range for the subject after unit \
            conversion; nothing is written when anything is wrong. For a category series the value \
            may be the category (`vitals log screenings dental`). `vitals log food NAME [AMOUNT UNIT]` \
            logs a food from the library (vitals foods) toward its categories.
            """)

    @Argument(help: ArgumentHelp("The series id (body_mass, protein, vegetables …).", valueName: "SERIES"))
    var series: String

    @Argument(
        help: ArgumentHelp(
            "The value; a decimal comma is fine. For `log puqe`: the score, or the three answers "
                + "(each 1–5), or none to be asked them.", valueName: "VALUE"))
    var typedValue: String?

    /// The value as typed ("" when none was: only `log puqe` asks for its answers).
    var value: String { typedValue ?? "" }

    @Argument(
        help: ArgumentHelp(
            "The unit of VALUE (kg, lb, g, oz, L, fl_oz, min, h …); default: the series' unit.", valueName: "UNIT"))
    var unit: String?

    @Argument(
        help: ArgumentHelp(
            "For `log food NAME AMOUNT UNIT`: the unit of AMOUNT (g, ml, portions).", valueName: "FOOD-UNIT"))
    var foodUnit: String?

    @Argument(help: ArgumentHelp("For `log body_mass 12 st 4 lb`: the unit of the pounds.", valueName: "LB-UNIT"))
    var poundsUnit: String?

    @Option(
        help: ArgumentHelp(
            "When: YYYY-MM-DD[THH:MM[±HH:MM]], HH:MM, yesterday [HH:MM] (default: now).", valueName: "TIME"))
    var at: String?

    @Option(help: ArgumentHelp("When it ended, for spans such as a sleep stage.", valueName: "TIME"))
    var until: String?

    @OptionGroup var subjectOption: SubjectOption
    var subject: String { subjectOption.id }

    @Option(
        name: [.customLong("meal"), .customLong("tag")],
        help: ArgumentHelp(
            "Meal slot: one declared under meal_slots (breakfast, lunch, late_night …); --tag is the same.",
            valueName: "SLOT"))
    var tag: String?

    @Option(help: ArgumentHelp("The category, for a category series (core, deep, rem …).", valueName: "NAME"))
    var category: String?

    @Option(help: ArgumentHelp("A free-text note.", valueName: "TEXT"))
    var note: String?

    @OptionGroup var units: UnitOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var catalog: CatalogOptions

    /// A fifth word belongs only to stones and pounds (`12 st 4 lb`): after another unit it is
    /// refused before anything runs, as any unexpected argument is.
    func validate() throws {
        guard let poundsUnit, unit.flatMap(KnownUnit.named) != .stone else { return }
        if let first = unit.flatMap(KnownUnit.named), let second = KnownUnit.named(poundsUnit),
            first.dimension == second.dimension
        {
            throw ValidationError(
                "'\([value, unit ?? "", foodUnit ?? "", poundsUnit].joined(separator: " "))' is more than one value: "
                    + "give one (80 kg), or stones and pounds (12 st 4 lb)")
        }
        throw ValidationError("Unexpected argument '\(poundsUnit)'")
    }

    /// The value and unit to check: `12 st 4 lb` (as the UK writes a weight) is 172 lb; any
    /// other four words are refused, never added up.
    func stonesAndPounds() throws -> (value: String, unit: String?) {
        guard let poundsUnit else { return (value, unit) }
        let number = { (text: String) in Double(text.replacingOccurrences(of: ",", with: ".")) }
        guard let unit, KnownUnit.named(unit) == .stone, KnownUnit.named(poundsUnit) == .pound,
            let stones = number(value), let pounds = foodUnit.flatMap(number), stones >= 0, pounds >= 0, pounds < 14
        else {
            throw CommandError(
                "'\(Sanitize.inline([value, unit ?? "", foodUnit ?? "", poundsUnit].joined(separator: " ")))' is not one value: "
                    + "give a value and its unit (80 kg), or stones and pounds (12 st 4 lb)", .usage)
        }
        return (String(stones * 14 + pounds), "lb")
    }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog(
                extensions, demoData: store.writesDemoData(extensions.storeBackends))
            let puqe = try puqeScore()
            guard typedValue != nil || puqe != nil else {
                throw CommandError("give the value to log: vitals log \(Sanitize.inline(series)) VALUE [UNIT]", .usage)
            }
            // Five words are stones and pounds (or refused), never a portion.
            if puqe == nil, poundsUnit == nil, try logPortions(loaded.catalog, extensions) { return }
            let tag = try mealSlot(in: loaded.catalog)
            let validator = SampleValidator(catalog: loaded.catalog, unitSystem: try units.unitSystem())
            let (value, unit) = try puqe.map { ("\($0.score)", String?.none) } ?? stonesAndPounds()
            let sample = try validator.sample(
                from: SampleInput(
                    seriesID: series, subjectID: subject, value: value, unit: unit, time: at, endTime: until,
                    category: category, tag: tag, note: note))
            let inserted = try store.writing(extensions.storeBackends) { try $0.insertLogged([sample]) }
            let seriesUnit = loaded.catalog.series(sample.seriesID)?.unit.rawValue ?? ""
            var line = "\(inserted == 1 ? "logged" : "already logged") \(sample.seriesID)"
            if let category = sample.category { line += " \(category)" }
            line +=
                " " + PortionNoun.amount(NumberStyle.standard.format(sample.value, maxFractionDigits: 3), seriesUnit)
            let typedUnit =
                try unit.flatMap(KnownUnit.named)
                ?? loaded.catalog.series(sample.seriesID).map { try units.unitSystem().displayUnit(for: $0.unit) }
            if let typedUnit, typedUnit.symbol != seriesUnit {
                line +=
                    " ("
                    + (poundsUnit == nil
                        ? "\(value) \(typedUnit.symbol)"
                        : [self.value, self.unit ?? "", foodUnit ?? "", poundsUnit ?? ""].joined(separator: " ")) + ")"
            }
            line +=
                " for \(sample.subjectID) at \(TimeParser.format(sample.start, utcOffsetSeconds: sample.utcOffsetSeconds))"
            if let tag = sample.tag { line += " (\(EntryListing.slotName(tag, in: loaded.catalog.portions)))" }
            try say(line)
            if let puqe { try say(puqe.words) }
        }
    }
}
