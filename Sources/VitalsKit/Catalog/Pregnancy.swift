/// A subject's pregnancy, from the subject's `pregnancy:` block: the weight and height before
/// it (for the BMI class) and when the baby is due.
///
/// ```yaml
/// pregnancy:
///   pre_pregnancy_weight_kg: 64
///   height_cm: 168
///   due_date: "2026-05-20"      # or last_period: "2025-08-13" (due = last period + 280 days)
/// ```
public struct Pregnancy: Sendable, Hashable {
    /// Days from the first day of the last period to the due date (40 weeks).
    public static let termDays = 280

    public var prePregnancyWeightKg: Double
    public var heightCm: Double
    /// The due date; when only the last period was given, that day + 280 days.
    public var dueDate: LocalDate

    public init(prePregnancyWeightKg: Double, heightCm: Double, dueDate: LocalDate) {
        self.prePregnancyWeightKg = prePregnancyWeightKg
        self.heightCm = heightCm
        self.dueDate = dueDate
    }

    /// The first day of the last period: the due date − 280 days (week 0, day 0).
    public var lastPeriod: LocalDate { dueDate.adding(days: -Self.termDays) }

    /// Body mass index before the pregnancy, kg/m².
    public var bmi: Double { prePregnancyWeightKg / ((heightCm / 100) * (heightCm / 100)) }

    /// Weeks of pregnancy on `day` (gestational age from the last period): 0 on that day,
    /// 40 on the due date; fractional (23.5 is week 23, day 3–4).
    public func weeks(on day: LocalDate) -> Double { Double(lastPeriod.days(to: day)) / 7 }

    /// Plausible ranges, checked when the catalog loads.
    public static let weightRangeKg: ClosedRange<Double> = 20...300
    public static let heightRangeCm: ClosedRange<Double> = 100...250
}

extension EntryDecoding {
    /// The `pregnancy:` block of a subject; impossible values are reported at their own line
    /// and the block is dropped.
    static func pregnancy(_ node: YAMLNode, subject: EntryReader, diagnostics: inout [Diagnostic]) -> Pregnancy? {
        guard let r = EntryReader(node, spec: CatalogSchema.pregnancy, context: "pregnancy", diagnostics: &diagnostics)
        else {
            return nil
        }
        let before = diagnostics.count
        func invalid(_ message: String, _ key: String?) {
            let at = key.flatMap { r.node($0)?.location } ?? node.location
            diagnostics.append(Diagnostic(.error, rule: RuleID.invalidValue, message, at: at))
        }
        func text(_ key: String) -> String { r.node(key)?.scalarText.map(Sanitize.inline) ?? "" }
        if subject.string("kind").map({ $0 != SubjectKind.human.rawValue }) ?? false {
            invalid("only a human subject can be pregnant, this one is a \(subject.string("kind") ?? "")", nil)
        }
        if subject.string("sex") == "male" {
            invalid("a subject with sex male cannot be pregnant", nil)
        }
        let weight = r.double("pre_pregnancy_weight_kg")
        let height = r.double("height_cm")
        if let weight, !Pregnancy.weightRangeKg.contains(weight) {
            invalid(
                "pre_pregnancy_weight_kg \(text("pre_pregnancy_weight_kg")) is outside the plausible range for an adult (20–300 kg)",
                "pre_pregnancy_weight_kg")
        }
        if let height, !Pregnancy.heightRangeCm.contains(height) {
            invalid(
                "height_cm \(text("height_cm")) is outside the plausible range for an adult (100–250 cm)", "height_cm")
        }
        let due = r.string("due_date").flatMap(LocalDate.init(iso:))
        let period = r.string("last_period").flatMap(LocalDate.init(iso:))
        switch (r.node("due_date"), r.node("last_period")) {
        case (nil, nil):
            if !(node.pairs ?? []).contains(where: { ["due_date", "last_period"].contains($0.key.scalarText) }) {
                invalid(
                    "pregnancy needs due_date or last_period (the first day of the last period; due = +280 days)", nil)
            }
        case (.some, .some):
            if let due, let period, period.adding(days: Pregnancy.termDays) != due {
                invalid(
                    "due_date \(due) is not last_period \(period) + 280 days (\(period.adding(days: Pregnancy.termDays))); keep one of them",
                    "due_date")
            }
        default: break
        }
        if let birth = subject.string("birth_date").flatMap(LocalDate.init(iso:)),
            let start = (period ?? due?.adding(days: -Pregnancy.termDays)), start <= birth.adding(days: 365 * 10)
        {
            let key = period != nil ? "last_period" : "due_date"
            invalid("\(key) \(text(key)) is less than 10 years after the subject's birth_date \(birth)", key)
        }
        guard diagnostics.count == before, let weight, let height,
            let dueDate = due ?? period?.adding(days: Pregnancy.termDays)
        else { return nil }
        return Pregnancy(prePregnancyWeightKg: weight, heightCm: height, dueDate: dueDate)
    }
}
