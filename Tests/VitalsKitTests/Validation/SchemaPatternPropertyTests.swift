import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// The regular expressions the JSON Schema gives text values (`ValueKind.textPattern`) accept
/// exactly what `vitals validate` accepts, checked on generated texts: the second way of
/// computing each verdict.
@Suite struct SchemaPatternPropertyTests {
    private func schemaAccepts(_ kind: ValueKind, _ text: String) -> Bool {
        guard let pattern = kind.textPattern, let regex = try? NSRegularExpression(pattern: pattern) else {
            return false
        }
        let whole = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: whole) != nil
    }

    private func validateAccepts(_ kind: ValueKind, _ text: String) -> Bool {
        let node = YAMLNode(.scalar(text, isQuoted: true), at: SourceLocation(file: "t.yaml", line: 1, column: 1))
        return EntryReader.check(node, against: KeySpec("k", kind, "")) == nil
    }

    private func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    @Test func datesAgreeIncludingLeapYears() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...9999), Gen.int(in: 0...13), Gen.int(in: 0...32)) {
            year, month, day in
            let digits = String(year)
            let text =
                String(repeating: "0", count: 4 - digits.count) + digits + "-" + twoDigits(month) + "-" + twoDigits(day)
            #expect(schemaAccepts(.date, text) == validateAccepts(.date, text), "\(text)")
        }
        // Leap days the two must agree on, and malformed dates.
        for text in [
            "2024-02-29", "2023-02-29", "2000-02-29", "1900-02-29", "2100-02-29", "2400-02-29", "0000-02-29",
            "2026-04-31", "2026-12-31", "2026-1-01", "+202-01-01", "2026-01-01 ", "20260101",
        ] {
            #expect(schemaAccepts(.date, text) == validateAccepts(.date, text), "\(text)")
        }
        #expect(validateAccepts(.date, "2024-02-29") && !validateAccepts(.date, "2023-02-29"))
    }

    @Test func clockTimesAgree() async {
        await propertyCheck(count: 2000, input: Gen.int(in: 0...30), Gen.int(in: 0...70), Gen.bool) {
            hour, minute, pad in
            let text = (pad ? twoDigits(hour) : String(hour)) + ":" + twoDigits(minute)
            #expect(schemaAccepts(.clockTime, text) == validateAccepts(.clockTime, text), "\(text)")
        }
        for text in ["4:00", "04:00", "23:59", "24:00", "+4:00", "4:0", "004:00", ":00", "4:00 "] {
            #expect(schemaAccepts(.clockTime, text) == validateAccepts(.clockTime, text), "\(text)")
        }
    }

    @Test func timeRangesAgree() async {
        let units = Gen<Character?>.element(of: Array("dwmyx"))
        await propertyCheck(count: 2000, input: Gen.int(in: 0...20_000), units, Gen.bool) { count, unit, leadingZero in
            let text = (leadingZero ? "0" : "") + String(count) + String(unit ?? "d")
            #expect(schemaAccepts(.timeRange, text) == validateAccepts(.timeRange, text), "\(text)")
        }
        for text in ["all", "All", "7d", "10000d", "10001d", "0d", "07d", "+7d", "d", "7", "1y"] {
            #expect(schemaAccepts(.timeRange, text) == validateAccepts(.timeRange, text), "\(text)")
        }
    }

    @Test func coloursAgreeAndNamesResolveToTheTable() async {
        let hexish = Gen<Character?>.element(of: Array("0123456789abcdefABCDEFgG#x ")).array(of: 0...7)
        await propertyCheck(count: 3000, input: hexish, Gen.bool) { characters, hash in
            let text = (hash ? "#" : "") + String(characters.compactMap { $0 })
            let schema = schemaAccepts(.color, text) || RGB.colorNames.contains(text)
            #expect(schema == validateAccepts(.color, text), "\(text)")
            #expect(schema == (RGB(color: text) != nil), "\(text)")
        }
        for (name, rgb) in RGB.named {
            #expect(validateAccepts(.color, name))
            #expect(RGB(color: name) == rgb)
            #expect(Style(hex: name).sgr(for: .truecolor) == "\u{1B}[38;2;\(rgb.red);\(rgb.green);\(rgb.blue)m")
            #expect(!validateAccepts(.color, name.capitalized))
            #expect(RGB(color: rgb.hexString) == rgb)
        }
        #expect(
            Set(RGB.colorNames) == [
                "green", "red", "orange", "purple", "indigo", "blue", "yellow", "mint", "cyan", "pink", "brown",
            ])
        #expect(RGB(color: "#2e9") == RGB(color: "#22EE99"))
    }

    @Test func identifierPatternsAgree() async {
        let idish = Gen<Character?>.element(of: Array("SCREN_abzAZ09-é")).array(of: 0...12)
        await propertyCheck(count: 3000, input: idish) { characters in
            let text = String(characters.compactMap { $0 })
            for pattern in [IDPattern.snakeCase, .screen, .metric] {
                #expect(schemaAccepts(.identifier(pattern), text) == pattern.matches(text), "\(pattern) \(text)")
            }
        }
    }
}
