import VitalsKit

/// A breed's reference weight by age in weeks, with a tolerance band of ± `tolerancePercent`
/// around it: the shared `ReferenceTable`, read from the screen's `config: reference:` block
/// by `ReferenceBand.decode` (the same YAML shape any growth reference uses). The Dutch label
/// and verdict are this screen's.
public typealias GrowthReference = ReferenceTable

extension ReferenceTable {
    /// "Golden Retriever ♀ ±15 %" (ASCII: "Golden Retriever (teef) +/-15 %").
    public func label(glyphs: Glyphs) -> String {
        let sexText: String?
        switch sex {
        case "female": sexText = glyphs.isUnicode ? "♀" : "(teef)"
        case "male": sexText = glyphs.isUnicode ? "♂" : "(reu)"
        default: sexText = nil
        }
        let tolerance = "\(glyphs.plusMinus)\(GezondheidWords.number(tolerancePercent)) %"
        return ([breed, sexText].compactMap { $0 } + [tolerance]).joined(separator: " ")
    }

    /// Where a weight at an age falls against the band.
    public func verdict(kg: Double, atWeek week: Double) -> GrowthVerdict? {
        guard let band = band(atWeek: week), band.centre > 0 else { return nil }
        let percent = (kg / band.centre - 1) * 100
        let position: GrowthVerdict.Position = kg < band.lower ? .under : kg > band.upper ? .above : .within
        return GrowthVerdict(
            position: position, percentFromCentre: percent, centre: band.centre,
            lower: band.lower, upper: band.upper)
    }
}

/// A weight judged against the reference band.
public struct GrowthVerdict: Sendable, Hashable {
    public enum Position: String, Sendable { case under, within, above }

    public var position: Position
    /// The weight relative to the reference centre, in percent (−4.2 is 4.2 % lighter).
    public var percentFromCentre: Double
    public var centre: Double, lower: Double, upper: Double

    /// "binnen de marge", "onder de marge", "boven de marge".
    public var positionWords: String {
        switch position {
        case .under: return Words.text("growth.under")
        case .within: return Words.text("growth.within")
        case .above: return Words.text("growth.above")
        }
    }

    /// "4,2 % lichter dan", "3 % zwaarder dan", "precies op".
    public var comparisonWords: String {
        let rounded = (abs(percentFromCentre) * 10).rounded() / 10
        if rounded == 0 { return Words.text("growth.exactly") }
        return Words.text(
            percentFromCentre < 0 ? "growth.lighter" : "growth.heavier", ["percent": GezondheidWords.number(rounded)])
    }
}
