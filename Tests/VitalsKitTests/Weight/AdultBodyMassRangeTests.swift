import Foundation
import XCTest

@testable import VitalsKit

/// Corgina's rule: an adult's body mass is plausible from 20 to 300 kg. The shipped
/// `body_mass` series carries it; the store refuses a value just past the edge and takes one
/// just inside it, in kilograms and after converting pounds.
final class AdultBodyMassRangeTests: XCTestCase {
    private static let catalog = try! CatalogLoader.load(paths: TestPaths.shippedCatalog).catalog
    private let now = Date(
        timeIntervalSince1970: TimeInterval(LocalDate(iso: "2026-11-20")!.dayNumber * 86_400 + 12 * 3600))

    private func outcome(_ value: String, unit: String? = nil) -> String {
        let validator = SampleValidator(
            catalog: Self.catalog,
            time: TimeParser(timeZone: TimeZone(identifier: "UTC")!, now: now))
        do {
            let sample = try validator.sample(
                from: SampleInput(
                    seriesID: "body_mass", value: value, unit: unit,
                    time: "2026-11-20T07:30"))
            return "stored \(sample.value)"
        } catch let error as any VitalsError {
            return error.message
        } catch { return "\(error)" }
    }

    func testTheEdgesOfThePlausibleRange() {
        XCTAssertEqual(outcome("299.9"), "stored 299.9")
        XCTAssertEqual(outcome("300"), "stored 300.0")
        XCTAssertEqual(outcome("300.1"), "300.1 kg is outside the plausible range for body_mass of a human: 20–300 kg")
        XCTAssertEqual(outcome("20"), "stored 20.0")
        XCTAssertEqual(outcome("19.9"), "19.9 kg is outside the plausible range for body_mass of a human: 20–300 kg")
        // 250 kg was refused under the old 20–200 rule.
        XCTAssertEqual(outcome("250"), "stored 250.0")
        // 661 lb is 299.8 kg; 662 lb is 300.3 kg.
        XCTAssertTrue(outcome("661", unit: "lb").hasPrefix("stored 299.8"), outcome("661", unit: "lb"))
        XCTAssertEqual(
            outcome("662", unit: "lb"),
            "662 lb (300.3 kg) is outside the plausible range for body_mass of a human: 20–300 kg")
    }
}
