import XCTest

@testable import VitalsKit

final class UnitConversionTests: XCTestCase {
    private func convert(_ value: Double, _ from: String, _ to: String) -> Double? {
        KnownUnit.named(from)!.convert(value, to: KnownUnit.named(to)!)
    }

    func testMassVolumeLengthDuration() throws {
        XCTAssertEqual(try XCTUnwrap(convert(500, "lb", "kg")), 226.796, accuracy: 0.001)
        // Foundation on Linux gets this wrong
        XCTAssertEqual(try XCTUnwrap(convert(1, "st", "lb")), 14, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(convert(16, "oz", "g")), 453.592, accuracy: 0.001)
        XCTAssertEqual(try XCTUnwrap(convert(250, "mL", "L")), 0.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(convert(10, "in", "cm")), 25.4, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(convert(7.5, "h", "min")), 450, accuracy: 1e-9)
    }

    func testDifferentDimensionsDoNotConvert() {
        XCTAssertNil(convert(1, "kg", "min"))
        XCTAssertNil(convert(1, "portion", "count"))
    }

    func testImperialDisplayUnits() {
        XCTAssertEqual(UnitSystem.imperial.displayUnit(for: .kg).symbol, "lb")
        XCTAssertEqual(UnitSystem.imperial.displayUnit(for: .cm).symbol, "in")
        XCTAssertEqual(UnitSystem.metric.displayUnit(for: .kg).symbol, "kg")
        XCTAssertEqual(UnitSystem.imperial.displayUnit(for: .portion).symbol, "portion")
    }
}
