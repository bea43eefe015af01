import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// The three unit systems: the one table (and the guide's copy of it, docs/units-and-settings.md), the locale default, and
/// the spoken forms (12 st 4 lb, 5 ft 10 in, 3.2 pt) checked against plain arithmetic.
@Suite struct UnitSystemTests {
    @Test func theGuideTableIsTheCodeTable() throws {
        let readme = try String(
            contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/units-and-settings.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- units-table -->\n"))
        let end = try #require(readme.range(of: "\n<!-- /units-table -->", range: start.upperBound..<readme.endIndex))
        func rows(_ text: Substring) -> [[String]] {
            text.split(separator: "\n").map { line in
                line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        #expect(rows(readme[start.upperBound..<end.lowerBound]) == rows(Substring(UnitTable.markdown)))
    }

    @Test func everyQuantityHasOneRowInItsOwnDimension() {
        for base in BaseUnit.allCases {
            guard let quantity = Quantity(base: base) else { continue }
            #expect(UnitTable.rows.filter { $0.quantity == quantity }.count == 1, "\(quantity)")
            for system in UnitSystem.allCases {
                let display = UnitTable.display(quantity, in: system)
                #expect(display.unit.dimension == base.dimension, "\(quantity) in \(system): \(display.unit)")
                #expect(system.displayUnit(for: base) == display.unit)
            }
        }
        #expect(Set(UnitTable.rows.map(\.quantity)) == Set(Quantity.allCases))
    }

    @Test func foodStaysInGramsAndKcalEverywhere() {
        for system in UnitSystem.allCases {
            #expect(system.displayUnit(for: .g) == .gram)
            #expect(system.displayUnit(for: .kcal) == .kilocalorie)
            #expect(system.displayUnit(for: .h) == .hour)
        }
        #expect(UnitSystem.us.displayUnit(for: .kg) == .pound)
        #expect(UnitSystem.uk.displayUnit(for: .L) == .milliliter)
        #expect(UnitSystem.us.displayUnit(for: .L) == .fluidOunce)
        #expect(UnitSystem.us.displayUnit(for: .degC) == .fahrenheit)
        #expect(UnitSystem.uk.displayUnit(for: .km) == .mile)
    }

    @Test func namesIncludeImperialAsUS() {
        #expect(UnitSystem(name: "imperial") == .us)
        #expect(UnitSystem(name: "UK") == .uk)
        #expect(UnitSystem(name: "Metric") == .metric)
        #expect(UnitSystem(name: "furlongs") == nil)
        #expect(UnitSystem(name: "") == nil)
    }

    @Test(arguments: [
        ([:], UnitSystem.metric),
        (["LANG": "en_US.UTF-8"], .us),
        (["LANG": "en_GB.UTF-8"], .uk),
        (["LANG": "en-GB"], .uk),
        (["LANG": "nl_NL.UTF-8"], .metric),
        (["LANG": "C.UTF-8"], .metric),
        (["LANG": "POSIX"], .metric),
        (["LANG": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .us),
        (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .metric),
        (["LC_ALL": "en_GB.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "en_US"], .uk),
        (["LC_ALL": "", "LANG": "en_US@euro"], .us),
    ])
    func theLocaleDecides(environment: [String: String], expected: UnitSystem) {
        #expect(UnitSystem.fromLocale(environment) == expected)
    }

    @Test func temperaturesConvertWithTheirOffset() throws {
        #expect(abs(try #require(KnownUnit.celsius.convert(100, to: .fahrenheit)) - 212) < 1e-9)
        #expect(abs(try #require(KnownUnit.celsius.convert(37, to: .fahrenheit)) - 98.6) < 1e-9)
        #expect(abs(try #require(KnownUnit.fahrenheit.convert(32, to: .celsius))) < 1e-9)
        #expect(abs(try #require(KnownUnit.celsius.scale(to: .fahrenheit)) - 1.8) < 1e-12)
        #expect(KnownUnit.named("degF") == .fahrenheit)
    }

    @Test func spokenForms() {
        let numbers = NumberStyle.standard
        let weight = UnitTable.display(.bodyWeight, in: .uk)
        #expect(weight.spokenText(172, numbers: numbers) == "12 st 4 lb")
        #expect(weight.spokenText(13.6, numbers: numbers) == nil)  // under a stone: plain
        #expect(weight.spokenText(27.6, numbers: numbers) == "2 st 0 lb")  // never "1 st 14 lb"
        #expect(weight.spokenText(-15, numbers: numbers) == "-1 st 1 lb")
        let height = UnitTable.display(.length, in: .us)
        #expect(
            height.spokenText(try! #require(KnownUnit.centimeter.convert(177.8, to: .inch)), numbers: numbers)
                == "5 ft 10 in")
        #expect(height.spokenText(34, numbers: numbers) == nil)
        let water = UnitTable.display(.fluid, in: .uk)
        #expect(water.spokenText(2000, numbers: numbers) == "3.5 pt")
        #expect(water.spokenText(500, numbers: numbers) == nil)
        #expect(UnitTable.display(.bodyWeight, in: .us).spokenText(172, numbers: numbers) == nil)
    }

    /// "A st B lb" read back is the value to the nearest pound, B under 14; and the kg a UK
    /// reader reads off it is within half a pound of the kg stored. From one stone up: 14 lb is
    /// 6,350.29 g, and 6,350 g, just under, is written plain (`spokenForms`: 13.6 lb).
    @Test func stonesAndPoundsReadBackToTheValue() async {
        let weight = UnitTable.display(.bodyWeight, in: .uk)
        #expect(weight.spokenText(KnownUnit.kilogram.convert(6.350, to: .pound)!, numbers: .standard) == nil)
        await propertyCheck(count: 400, input: Gen.int(in: 6_351...300_000)) { grams in
            let kg = Double(grams) / 1000
            let pounds = KnownUnit.kilogram.convert(kg, to: .pound)!
            let text = weight.spokenText(pounds, numbers: .standard) ?? ""
            let parts = text.split(separator: " ")
            #expect(parts.count == 4 && parts[1] == "st" && parts[3] == "lb", "\(text)")
            guard parts.count == 4, let st = Int(parts[0]), let lb = Int(parts[2]) else { return }
            #expect((0..<14).contains(lb))
            let readKg = Double(st * 14 + lb) * 0.45359237
            #expect(abs(readKg - kg) <= 0.5 * 0.45359237 + 1e-9, "\(kg) kg → \(text)")
        }
    }

    /// Every conversion round-trips, temperatures included.
    @Test func conversionsRoundTrip() async {
        let units: [KnownUnit] = [
            .kilogram, .gram, .pound, .stone, .ounce, .liter, .milliliter, .fluidOunce, .pint,
            .centimeter, .inch, .foot, .kilometer, .mile, .celsius, .fahrenheit,
        ]
        await propertyCheck(
            count: 300, input: Gen.int(in: 0..<units.count), Gen.int(in: 0..<units.count),
            Gen.int(in: -100_000...100_000)
        ) { a, b, raw in
            let value = Double(raw) / 100
            guard let there = units[a].convert(value, to: units[b]) else {
                #expect(units[a].dimension != units[b].dimension)
                return
            }
            let back = units[b].convert(there, to: units[a])!
            #expect(abs(back - value) <= 1e-9 * max(1, abs(value)))
        }
    }
}
