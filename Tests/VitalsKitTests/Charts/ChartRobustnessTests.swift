import XCTest

@testable import VitalsKit

/// Every kind at many widths, with empty, tiny and huge input: exact widths, no crash.
final class ChartRobustnessTests: XCTestCase {
    /// Asserts that every line is exactly `width` columns and returns the lines stripped.
    @discardableResult
    func assertExactWidth(
        _ lines: [String], _ width: Int, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        XCTAssertFalse(lines.isEmpty, "\(what): no lines", file: file, line: line)
        let plain = lines.map(ChartFixtures.stripANSI)
        for text in plain where DisplayWidth.of(text) != width {
            XCTFail("\(what): width \(DisplayWidth.of(text)) ≠ \(width): \(text)", file: file, line: line)
        }
        return plain
    }

    func testAllWidthsFromTheMinimumUp() {
        for kind in ChartKindFactory.builtInKinds {
            for width in stride(from: 40, through: 200, by: 9) {
                for (name, profile) in ChartFixtures.profiles(width: width) {
                    assertExactWidth(
                        kind.init().render(ChartFixtures.input(for: kind.id), profile: profile),
                        width, "\(kind.id) \(name) \(width)")
                }
            }
        }
    }

    func testEmptyInputGivesAnEmptyState() {
        for kind in ChartKindFactory.builtInKinds {
            for (name, profile) in ChartFixtures.profiles(width: 40) {
                var input = ChartInput(
                    title: "Nothing", unit: "g", target: .atLeast(1),
                    emptyMessage: "Nog geen gewichtsmetingen")
                let lines = assertExactWidth(kind.init().render(input, profile: profile), 40, "\(kind.id) \(name)")
                XCTAssert(lines.joined().contains("Nog geen"), "\(kind.id): \(lines)")
                input.points = [ChartPoint(label: "a", value: nil), ChartPoint(label: "b", value: nil)]
                assertExactWidth(kind.init().render(input, profile: profile), 40, "\(kind.id) all missing")
            }
        }
    }

    func testOnePointAndVeryManyPoints() {
        let one = [ChartPoint(label: "03-14", date: LocalDate(year: 2024, month: 3, day: 14), value: 5)]
        let many = (0..<1500).map { index in
            ChartPoint(
                label: "d\(index)", date: LocalDate(dayNumber: 19_000 + index),
                value: index % 13 == 0 ? nil : Double((index * 37) % 101))
        }
        for kind in ChartKindFactory.builtInKinds {
            for points in [one, many] {
                for width in [40, 97] {
                    for (name, profile) in ChartFixtures.profiles(width: width) {
                        var input = ChartFixtures.input(for: kind.id)
                        input.points = points
                        input.stacked =
                            points.count > 1
                            ? StackedSeries(
                                categories: ["a", "b"],
                                buckets: points.map {
                                    StackedBucket(label: $0.label, values: $0.value.map { ["a": $0, "b": $0 / 2] })
                                }) : input.stacked
                        input.growth?.measured = points.enumerated().compactMap { index, point in
                            point.value.map { GrowthPoint(week: Double(index) / 10, value: $0) }
                        }
                        input.sleep =
                            points.count > 1
                            ? (0..<200).map {
                                SleepSegment(
                                    stage: SleepStage.allCases[$0 % 4], startMinute: 1300 + $0 * 3,
                                    endMinute: 1303 + $0 * 3)
                            } : input.sleep
                        assertExactWidth(
                            kind.init().render(input, profile: profile), width,
                            "\(kind.id) \(name) \(width) \(points.count) points")
                    }
                }
            }
        }
    }

    func testMissingBucketsAreDrawnAsMissingNotZero() {
        let profile = RenderProfile(width: 60, colorLevel: .none, glyphs: .unicode)
        let input = ChartInput(
            title: "P",
            points: [
                ChartPoint(label: "a", value: 10), ChartPoint(label: "b", value: nil),
                ChartPoint(label: "c", value: 0),
            ])
        for kind in [BarVerticalChart.self, BarHorizontalChart.self, SparklineChart.self] as [any ChartKind.Type] {
            let text = kind.init().render(input, profile: profile).joined(separator: "\n")
            XCTAssert(text.contains("·"), "\(kind.id) does not mark the missing bucket:\n\(text)")
        }
        let horizontal = BarHorizontalChart().render(input, profile: profile)
        XCTAssert(horizontal.contains { $0.hasPrefix("b") && $0.contains("no data") })
        XCTAssert(horizontal.contains { $0.hasPrefix("c") && $0.contains("0") && !$0.contains("no data") })
    }

    func testASCIIProfileDrawsOnlyASCII() {
        for kind in ChartKindFactory.builtInKinds {
            var input = ChartFixtures.input(for: kind.id)
            input.title = "Plain"
            input.growth?.referenceLabel = "reference"
            input.milestones = input.milestones.enumerated().map { index, milestone in
                var copy = milestone
                copy.name = "Milestone \(index)"
                return copy
            }
            input.stat?.deltaText = "+0.8 kg"
            for width in ChartFixtures.widths {
                let lines = kind.init().render(input, profile: RenderProfile(width: width, glyphs: .ascii))
                for line in lines {
                    XCTAssert(line.allSatisfy(\.isASCII), "\(kind.id) \(width): \(line)")
                }
            }
        }
    }

    func testTextFromDataCannotRetitleTheTerminal() {
        var input = ChartFixtures.input(for: BarHorizontalChart.id)
        input.title = "Protein\u{1B}]0;evil\u{07} per day"
        input.points[0].label = "\u{1B}[31mred"
        for (_, profile) in ChartFixtures.profiles(width: 80) {
            let text = BarHorizontalChart().render(input, profile: profile).joined()
            XCTAssertFalse(text.contains("\u{1B}]"), "OSC sequence leaked")
            XCTAssertFalse(text.contains("\u{07}"))
            XCTAssertFalse(text.contains("evil"))
            XCTAssertFalse(text.contains("\u{1B}[31m"))
            XCTAssert(text.contains("Protein per day"))
        }
    }

    func testDecimalCommaProfile() {
        let profile = RenderProfile(width: 60, glyphs: .unicode, numbers: .comma)
        let input = ChartInput(
            title: "Weight", unit: "kg", stat: StatValue(value: 19.25, date: LocalDate(year: 2024, month: 3, day: 12)))
        let lines = StatChart().render(input, profile: profile)
        XCTAssertEqual(NumberStyle.comma.compact(9.25), "9,25")
        XCTAssertEqual(NumberStyle.comma.compact(19.25), "19,3")
        XCTAssert(lines.count >= 4, "\(lines)")
        let progress = ProgressChart().render(ChartFixtures.input(for: ProgressChart.id), profile: profile)
        XCTAssert(progress.joined().contains("2,5/4"), progress.joined(separator: "\n"))
    }
}

/// Issue #13 item 8: no chart kind traps on any value that reaches it, finite or not.
final class ChartExtremeValueTests: XCTestCase {
    static let extremes: [Double] = [
        .nan, .infinity, -.infinity, 1e308, -1e308, 1.7e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        9.3e18, -9.3e18, 1e15, .leastNonzeroMagnitude, -0.0, 0, 5,
    ]

    /// Inputs whose every number is `values` (one at a time, and mixed with ordinary ones).
    static func inputs(for kind: String, _ values: [Double]) -> [ChartInput] {
        var result: [ChartInput] = []
        for mixed in [false, true] {
            let numbers = mixed ? values.flatMap { [$0, 42] } : values
            var input = ChartFixtures.input(for: kind)
            input.points = numbers.enumerated().map { index, value in
                ChartPoint(label: "d\(index)", date: LocalDate(dayNumber: 19_000 + index), value: value)
            }
            input.rollingMean = numbers
            input.stacked = StackedSeries(
                categories: ["a", "b"],
                buckets: numbers.enumerated().map { index, value in
                    StackedBucket(label: "d\(index)", values: ["a": value, "b": mixed ? 1 : value])
                })
            input.growth?.measured = numbers.enumerated().map {
                GrowthPoint(week: Double($0.offset), value: $0.element)
            }
            input.growth?.reference = numbers.enumerated().map {
                ReferencePoint(
                    week: $0.element.isFinite ? $0.element : Double($0.offset), lower: $0.element,
                    centre: $0.element, upper: $0.element)
            }
            input.stat = StatValue(value: numbers.first, date: LocalDate(year: 2024, month: 3, day: 14))
            input.progress = numbers.map { ProgressItem(name: "p", value: $0, target: .atLeast($0)) }
            for target in [
                Target.atLeast(numbers[0]), .atMost(numbers[0]), .range(min: -numbers[0], max: numbers[0]),
                .exact(value: numbers[0], tolerance: numbers[0]),
            ] {
                input.target = target
                result.append(input)
            }
        }
        return result
    }

    func testEveryKindRendersEveryExtremeValueAtExactWidth() {
        for kind in ChartKindFactory.builtInKinds {
            for value in Self.extremes {
                for input in Self.inputs(for: kind.id, [value]) + Self.inputs(for: kind.id, Self.extremes) {
                    for width in [40, 80] {
                        let profile = RenderProfile(width: width, colorLevel: .none, glyphs: .unicode)
                        let lines = kind.init().render(input, profile: profile).map(ChartFixtures.stripANSI)
                        XCTAssertFalse(lines.isEmpty)
                        for line in lines where DisplayWidth.of(line) != width {
                            XCTFail("\(kind.id) \(value) \(width): width \(DisplayWidth.of(line)): \(line)")
                        }
                    }
                }
            }
        }
    }

    func testNumberStylesFormatEveryExtremeValue() {
        for style in [NumberStyle.standard, .dutch, .point, .comma] {
            for value in Self.extremes {
                for digits in [0, 1, 2, 10] {
                    XCTAssertFalse(style.format(value, fractionDigits: digits).isEmpty)
                }
                XCTAssertFalse(style.compact(value).isEmpty)
                XCTAssertFalse(style.formatDelta(value, unit: "kg").isEmpty)
                XCTAssertLessThanOrEqual(style.format(value, fractionDigits: 1).count, 40, "\(value)")
            }
        }
    }
}
