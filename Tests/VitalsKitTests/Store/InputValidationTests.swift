import XCTest

@testable import VitalsKit

/// Bad input is refused with a clear message; good input becomes base units.
final class InputValidationTests: XCTestCase {
    typealias F = StoreFixtures
    /// 2026-11-20T12:00Z, read in Amsterdam.
    let now = Date(timeIntervalSince1970: TimeInterval(LocalDate(iso: "2026-11-20")!.dayNumber * 86_400 + 12 * 3600))
    var validator: SampleValidator {
        SampleValidator(
            catalog: F.catalog, time: TimeParser(timeZone: TimeZone(identifier: "Europe/Amsterdam")!, now: now))
    }

    private func message(_ input: SampleInput) -> String {
        do {
            _ = try validator.sample(from: input)
            return "accepted"
        } catch let error as any VitalsError {
            return ([error.message] + error.hints).joined(separator: " | ")
        } catch { return "\(error)" }
    }

    func testPoundsAreStoredAsKilograms() throws {
        let sample = try validator.sample(
            from: SampleInput(seriesID: "body_mass", value: "180", unit: "lb", time: "2026-11-20T07:30"))
        XCTAssertEqual(sample.value, 180 * 0.45359237, accuracy: 1e-3)
        XCTAssertEqual(sample.utcOffsetSeconds, 3600)
        XCTAssertEqual(
            TimeParser.format(sample.start, utcOffsetSeconds: sample.utcOffsetSeconds), "2026-11-20T07:30:00+01:00")
    }

    func testDutchDecimalCommaAndOtherUnits() throws {
        XCTAssertEqual(
            try validator.sample(from: SampleInput(seriesID: "body_mass", subjectID: "ollie", value: "12,4")).value,
            12.4)
        XCTAssertEqual(
            try validator.sample(from: SampleInput(seriesID: "protein", value: "1", unit: "oz")).value,
            28.349523125, accuracy: 1e-3)
        XCTAssertEqual(
            try validator.sample(from: SampleInput(seriesID: "water", value: "16", unit: "fl_oz")).value,
            16 * 0.0295735295625, accuracy: 1e-5)
        XCTAssertEqual(
            try validator.sample(from: SampleInput(seriesID: "waist", value: "36", unit: "in")).value, 91.44,
            accuracy: 1e-9)
        let imperial = SampleValidator(catalog: F.catalog, time: validator.time, unitSystem: .imperial)
        XCTAssertEqual(
            try imperial.sample(from: SampleInput(seriesID: "body_mass", value: "176")).value, 176 * 0.45359237,
            accuracy: 1e-3)
    }

    func testPlausibleRangeAfterConversionAndPerSubjectKind() {
        XCTAssertEqual(
            message(SampleInput(seriesID: "body_mass", value: "500", unit: "lb")),
            "500 lb (226.8 kg) is outside the plausible range for body_mass of a human: 20–200 kg")
        XCTAssertEqual(
            message(SampleInput(seriesID: "body_mass", subjectID: "ollie", value: "400")),
            "400 kg is outside the plausible range for body_mass of a dog: 0.1–100 kg")
        XCTAssertEqual(message(SampleInput(seriesID: "body_mass", subjectID: "ollie", value: "12.4")), "accepted")
    }

    func testUnknownNamesSuggestTheClosest() {
        XCTAssertTrue(
            message(SampleInput(seriesID: "body_mas", value: "80")).hasPrefix(
                "unknown series 'body_mas' | did you mean body_mass"))
        XCTAssertEqual(
            message(SampleInput(seriesID: "body_mass", subjectID: "olie", value: "12")),
            "unknown subject 'olie' | did you mean ollie?")
        XCTAssertTrue(
            message(SampleInput(seriesID: "sleep_analysis", value: "30", category: "dep")).contains(
                "did you mean deep?"))
        XCTAssertTrue(
            message(SampleInput(seriesID: "sleep_analysis", value: "30")).hasPrefix(
                "series sleep_analysis needs a category"))
    }

    func testNonNumbersAndWrongUnits() {
        for bad in ["nan", "inf", "-inf", "12kg", "", "1e999"] {
            XCTAssertNotEqual(message(SampleInput(seriesID: "body_mass", value: bad)), "accepted", bad)
        }
        XCTAssertEqual(
            message(SampleInput(seriesID: "body_mass", value: "80", unit: "cm")),
            "unit 'cm' measures length, but body_mass is mass (kg) | units for body_mass: mg, g, oz, lb, kg, st")
        XCTAssertTrue(
            message(SampleInput(seriesID: "body_mass", value: "80", unit: "kgs")).hasPrefix("unknown unit 'kgs'"))
    }

    func testTimes() throws {
        XCTAssertEqual(message(SampleInput(seriesID: "body_mass", value: "80", time: "2026-11-21T13:00")), "accepted")
        XCTAssertEqual(
            message(SampleInput(seriesID: "body_mass", value: "80", time: "2026-11-22T08:00")),
            "2026-11-22T08:00:00+01:00 is more than a day in the future")
        XCTAssertTrue(
            message(SampleInput(seriesID: "body_mass", value: "80", time: "tomorrowish")).hasPrefix(
                "cannot read the time 'tomorrowish'"))
        XCTAssertTrue(
            message(SampleInput(seriesID: "body_mass", value: "80", time: "2026-02-30")).hasPrefix(
                "cannot read the time"))
        let parser = validator.time
        // Summer time in Amsterdam is +02:00; a date alone means noon.
        XCTAssertEqual(try parser.parse("2026-07-01T08:00").utcOffsetSeconds, 7200)
        XCTAssertEqual(
            TimeParser.format(try parser.parse("2026-07-01").date, utcOffsetSeconds: 7200), "2026-07-01T12:00:00+02:00")
        XCTAssertEqual(try parser.parse("2026-07-01T08:00:00-05:00").utcOffsetSeconds, -18_000)
        XCTAssertEqual(
            try parser.parse("2026-07-01T08:00:00Z").date.timeIntervalSince1970,
            TimeInterval(LocalDate(iso: "2026-07-01")!.dayNumber * 86_400 + 8 * 3600))
        XCTAssertEqual(
            TimeParser.format(try parser.parse("yesterday 22:15").date, utcOffsetSeconds: 3600),
            "2026-11-19T22:15:00+01:00")
        XCTAssertEqual(
            TimeParser.format(try parser.parse("07:45").date, utcOffsetSeconds: 3600), "2026-11-20T07:45:00+01:00")
    }

    func testNumberStyles() {
        XCTAssertEqual(NumberStyle(locale: "nl_NL").format(12.4, unit: "kg"), "12,4 kg")
        XCTAssertEqual(NumberStyle.dutch.format(12_345.678, fractionDigits: 2), "12.345,68")
        XCTAssertEqual(NumberStyle(locale: "en_US").format(12_345.678, fractionDigits: 2), "12,345.68")
        XCTAssertEqual(NumberStyle.standard.format(1234.5, fractionDigits: 0), "1235")
        XCTAssertEqual(NumberStyle.dutch.formatDelta(-0.25, unit: "kg"), "-0,3 kg")
        XCTAssertEqual(NumberStyle.dutch.formatDelta(0.02, unit: "kg"), "±0,0 kg")
        XCTAssertEqual(NumberStyle.standard.format(-0.04, fractionDigits: 1), "0.0")
        XCTAssertEqual(NumberStyle.standard.format(80.50, maxFractionDigits: 2), "80.5")
        XCTAssertEqual(NumberStyle.standard.format(72, unit: "%", fractionDigits: 0), "72%")
        XCTAssertEqual(KnownUnit.convert(1, from: "kg", to: "lb")!, 2.2046226218, accuracy: 1e-5)
        XCTAssertNil(KnownUnit.convert(1, from: "kg", to: "cm"))
    }
}
