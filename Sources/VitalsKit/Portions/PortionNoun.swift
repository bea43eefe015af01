/// The one plural rule for units that are words: "1 portion", "0.5 portions", "2 portions";
/// symbols ("g", "kg", "L") never take one. Singular exactly when the number as written is
/// "1", so a value shown rounded to "1" reads "1 portion" wherever it is printed. The word is
/// the current language's (`Words.current`: "portie", "porties" on a Dutch screen).
public enum PortionNoun {
    /// `unit` as it follows `number` (the number already written out, as shown).
    public static func unit(_ unit: String, after number: String) -> String {
        guard unit == BaseUnit.portion.rawValue else { return unit }
        return Words.text(number == "1" ? "unit.portion" : "unit.portions")
    }

    /// "0.5 portions", "1 portion", "2.5 L": the number, a space and its unit (no space and no
    /// unit when the unit is empty).
    public static func amount(_ number: String, _ unit: String) -> String {
        unit.isEmpty ? number : "\(number) \(self.unit(unit, after: number))"
    }
}
