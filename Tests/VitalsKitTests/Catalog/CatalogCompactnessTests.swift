import Testing

@testable import VitalsKit

/// What keeps a catalog small: the rarely set metric keys out of line, repeated prose kept
/// once; and the catalog's lists of a screen's metrics and a metric's children. Each is
/// checked against a plain second computation.
@Suite struct CatalogCompactnessTests {
    @Test func metricsAndBindingsStaySmall() {
        // With `color`, `role`, `rolling`, `split_by`, `divide_by` and `categories` inline, a
        // metric took 376 bytes and its binding 144.
        #expect(MemoryLayout<MetricBinding>.size <= 96)
        #expect(DisplayMetric.valuesSize <= 312)
        // The values are held by reference: a metric copied is one reference.
        #expect(MemoryLayout<DisplayMetric>.size == MemoryLayout<AnyObject>.size)
    }

    /// The binding's values as plain optionals, the reference the boxed ones are compared with.
    struct PlainBinding: Hashable {
        var rolling: Int?, splitBy: SplitKey?, divideBy: String?, categories: [String]?, versus: PairedBinding?
        var dayCutoff: Int?, unit: String?
    }

    @Test func rarelySetValuesReadBackAndCompareAsPlainOnes() {
        var random = SplitMix(seed: 28)
        // One random change to a binding and to its reference, from a small set of values so
        // that equal bindings come up often; values are set and cleared in any order.
        func change(_ binding: inout MetricBinding, _ plain: inout PlainBinding) {
            let set = random.next() % 3 != 0
            switch random.next() % 7 {
            case 0:
                let v = set ? Int(random.next() % 3) : nil
                binding.rolling = v
                plain.rolling = v
            case 1:
                let v = set ? SplitKey.tag : nil
                binding.splitBy = v
                plain.splitBy = v
            case 2:
                let v = set ? "weight" : nil
                binding.divideBy = v
                plain.divideBy = v
            case 3:
                let v = set ? ["deep", "rem"] : nil
                binding.categories = v
                plain.categories = v
            case 4:
                let v =
                    set
                    ? PairedBinding(
                        seriesID: "steps", aggregate: nil, unit: nil, categories: nil, lagDays: 1, name: nil) : nil
                binding.versus = v
                plain.versus = v
            case 5:
                let v = set ? Int(random.next() % 2) : nil
                binding.dayCutoffMinutes = v
                plain.dayCutoff = v
            default:
                let v = set ? "kg" : nil
                binding.unit = v
                plain.unit = v
            }
        }
        for _ in 0..<2000 {
            var a = MetricBinding()
            var b = MetricBinding()
            var plainA = PlainBinding()
            var plainB = PlainBinding()
            for _ in 0..<Int(random.next() % 6) { change(&a, &plainA) }
            for _ in 0..<Int(random.next() % 6) { change(&b, &plainB) }
            for (binding, plain) in [(a, plainA), (b, plainB)] {
                let read = PlainBinding(
                    rolling: binding.rolling, splitBy: binding.splitBy, divideBy: binding.divideBy,
                    categories: binding.categories, versus: binding.versus,
                    dayCutoff: binding.dayCutoffMinutes, unit: binding.unit)
                #expect(read == plain)
            }
            #expect((a == b) == (plainA == plainB), "\(plainA) \(plainB)")
            if a == b { #expect(a.hashValue == b.hashValue) }
        }
    }

    @Test func aCopyDoesNotShareAChange() {
        var metric = Self.metric("m", screen: "S", parent: nil, order: 0)
        metric.color = "#112233"
        metric.binding.rolling = 7
        var copy = metric
        copy.color = "red"
        copy.binding.rolling = nil
        #expect(metric.color == "#112233" && metric.binding.rolling == 7)
        #expect(copy.color == "red" && copy.binding.rolling == nil)
        #expect(copy.binding == MetricBinding(seriesID: "s"))
        // Every value, changed on one copy of three, stays as it was on the other two.
        let original = metric
        var changed = metric
        let shared = metric
        changed.id = "n"
        changed.screenID = "T"
        changed.displayName = "N"
        changed.chartTypeID = "bar"
        changed.isPrimary.toggle()
        changed.isActive.toggle()
        changed.parentID = "p"
        changed.order += 1
        changed.aboutWhat = "what"
        changed.aboutWhy = "why"
        changed.role = MetricRole("growth")
        changed.binding.seriesID = "t"
        changed.location.line = 9
        changed.keyLocations["order"] = changed.location
        for same in [original, shared, metric] {
            #expect(same.id == "m" && same.screenID == "S" && same.displayName == "m" && same.chartTypeID == "line")
            #expect(!same.isPrimary && same.isActive && same.parentID == nil && same.order == 0)
            #expect(same.aboutWhat == nil && same.aboutWhy == nil && same.role == nil && same.color == "#112233")
            #expect(same.binding.seriesID == "s" && same.location.line == 1 && same.keyLocations["order"] == nil)
        }
        #expect(
            changed.id == "n" && changed.screenID == "T" && changed.displayName == "N" && changed.chartTypeID == "bar")
        #expect(changed.isPrimary && !changed.isActive && changed.parentID == "p" && changed.order == 1)
        #expect(changed.aboutWhat == "what" && changed.aboutWhy == "why" && changed.role == MetricRole("growth"))
        #expect(
            changed.binding.seriesID == "t" && changed.location.line == 9 && changed.keyLocations["order"]?.line == 9)
    }

    static func metric(
        _ id: String, screen: String, parent: String?, order: Int, primary: Bool = false, active: Bool = true
    ) -> DisplayMetric {
        DisplayMetric(
            id: id, screenID: screen, displayName: id, chartTypeID: "line", isPrimary: primary, isActive: active,
            parentID: parent, order: order, aboutWhat: nil, aboutWhy: nil, color: nil, role: nil,
            binding: MetricBinding(seriesID: "s"), location: SourceLocation(file: "f", line: 1, column: 1))
    }

    @Test func screenMetricsChildrenAndParentsAreThoseAPlainFilterFinds() {
        var random = SplitMix(seed: 2028)
        for _ in 0..<300 {
            var catalog = Catalog()
            let count = Int(random.next() % 40)
            for _ in 0..<count {
                // Few ids, screens and orders: repeated ids (refused by `add`), ties broken by id.
                let id = "M\(random.next() % 30)"
                let parent = random.next() % 3 == 0 ? nil : "M\(random.next() % 30)"
                catalog.add(
                    Self.metric(
                        id, screen: "S\(random.next() % 4)", parent: parent, order: Int(random.next() % 3),
                        primary: random.next() % 5 == 0, active: random.next() % 6 != 0))
            }
            for screen in ["S0", "S1", "S2", "S3", "S9"] {
                for inactive in [false, true] {
                    let expected = catalog.metrics.filter { $0.screenID == screen && (inactive || $0.isActive) }
                        .sorted { ($0.isPrimary ? 0 : 1, $0.order, $0.id) < ($1.isPrimary ? 0 : 1, $1.order, $1.id) }
                    #expect(catalog.metrics(of: screen, includeInactive: inactive).map(\.id) == expected.map(\.id))
                }
                // The rules' shortcuts answer what the lists answer.
                #expect(catalog.hasActiveMetric(on: screen) == !catalog.metrics(of: screen).isEmpty)
                #expect(
                    catalog.activePrimaries(of: screen).map(\.id)
                        == catalog.metrics(of: screen).filter(\.isPrimary).map(\.id))
            }
            for parent in (0..<31).map({ "M\($0)" }) {
                for inactive in [false, true] {
                    let expected = catalog.metrics.filter { $0.parentID == parent && (inactive || $0.isActive) }
                        .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
                    #expect(catalog.children(of: parent, includeInactive: inactive).map(\.id) == expected.map(\.id))
                }
                let link = catalog.parentID(ofMetric: parent)
                #expect(
                    link.exists == (catalog.metric(parent) != nil) && link.parentID == catalog.metric(parent)?.parentID)
            }
        }
    }

    /// `TimeRange(_:)` as it read every text before ASCII texts were read by their bytes.
    static func referenceTimeRange(_ text: String) -> TimeRange? {
        if text == "all" { return .all }
        let digits = text.dropLast()
        guard let unit = text.last, let first = digits.first, first != "0",
            digits.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(digits), count <= 10_000
        else { return nil }
        switch unit {
        case "d": return .days(count)
        case "w": return .weeks(count)
        case "m": return .months(count)
        case "y": return .years(count)
        default: return nil
        }
    }

    @Test func timeRangesReadAsByCharacters() {
        // Digits (ASCII and not), units, signs, zeros, CR LF, combining marks, `all` and near it.
        let pieces = [
            "0", "1", "3", "9", "10000", "10001", "99999", "d", "w", "m", "y", "D", "x", "+", "-", " ", "\r\n", "\r",
            "\n", "\u{301}", "١", "٣", "é", "all", "al", "l", ".", "00", "7d", "12w",
        ]
        var random = SplitMix(seed: 2026)
        var texts = [
            "", "all", "1d", "0d", "10000d", "10001d", "30d", "6m", "1y", "12w", "01d", "d", "5", "5d\r\n", "١d",
        ]
        for _ in 0..<5000 {
            texts.append(
                (0..<Int(random.next() % 5)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        }
        for text in texts {
            #expect(TimeRange(text) == Self.referenceTimeRange(text), "\(text.debugDescription)")
        }
        #expect(texts.filter { TimeRange($0) != nil }.count > 100)
    }

    /// The address of a string's bytes: equal for two strings that share one storage.
    static func storage(_ text: String?) -> UnsafeRawPointer? {
        guard var text else { return nil }
        return text.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func repeatedProseIsKeptOnce() {
        let why = "Shows that validation cost grows linearly with the catalog."
        var files: [SourceFile] = []
        for file in 0..<3 {
            let metrics = (0..<4).map { m in
                "  - {display_metric_id: F\(file)_M\(m), display_screen_id: SCREEN_A, display_name: M, chart_type_id: stat, "
                    + "series: s, about_what: 'Grams per day of metric \(m % 2).', about_why: '\(why)'}\n"
            }.joined()
            files.append(SourceFile(path: "metrics/f\(file).yaml", text: "metrics:\n" + metrics))
        }
        files.append(
            SourceFile(
                path: "screens/s.yaml",
                text: """
                    screens:
                      - {screen_id: SCREEN_A, name: A, pillar: p, description: A description longer than fifteen bytes.}
                      - {screen_id: SCREEN_B, name: B, pillar: p, description: A description longer than fifteen bytes.}

                    """))
        let catalog = CatalogLoader.load(files).catalog
        #expect(catalog.metrics.count == 12)
        // The same texts as written ...
        #expect(catalog.metrics.allSatisfy { $0.aboutWhy == why })
        #expect(catalog.metrics.map(\.aboutWhat) == (0..<12).map { "Grams per day of metric \($0 % 4 % 2)." })
        // ... each held once.
        #expect(Set(catalog.metrics.map { Self.storage($0.aboutWhy) }).count == 1)
        #expect(Set(catalog.metrics.map { Self.storage($0.aboutWhat) }).count == 2)
        #expect(Set(catalog.screens.map { Self.storage($0.description) }).count == 1)
    }
}
