@testable import VitalsKit

/// Random catalogs made from a fixture catalog: a random part of its entries, with names,
/// numbers, optional values, targets, ranges, pregnancies, budget periods and `config` trees
/// replaced by random ones (strings with any scalar, doubles including NaN, ±0 and ±∞).
enum RandomCatalog {
    static func make(from base: LoadedCatalog, seed: UInt64, warningsOnly: Bool = false) -> LoadedCatalog {
        var g = Random(rng: SplitMix(seed: seed))
        var catalog = Catalog()
        for var pillar in base.catalog.pillars where g.keep {
            pillar.name = g.string()
            pillar.color = g.maybe { $0.string() }
            pillar.order = g.int()
            pillar.keyLocations = g.keyLocations(pillar.keyLocations)
            catalog.add(pillar)
        }
        for var subject in base.catalog.subjects where g.keep {
            subject.name = g.string()
            subject.birthDate = g.maybe { $0.string() }
            subject.breed = g.maybe { $0.string() }
            subject.pregnancy = g.maybe {
                Pregnancy(
                    prePregnancyWeightKg: $0.double(), heightCm: $0.double(), dueDate: LocalDate(dayNumber: $0.int()))
            }
            catalog.add(subject)
        }
        for var series in base.catalog.series where g.keep {
            series.min = g.maybe { $0.double() }
            series.max = g.maybe { $0.double() }
            series.description = g.maybe { $0.string() }
            series.categories = g.list { $0.string() }
            series.healthKit = g.list { $0.string() }
            if g.keep { series.rangeByKind[.dog] = -1...Double.infinity }
            if g.keep { series.overlappingSources = g.keep ? .hourlyMax : nil }
            if g.keep {
                series.overlappingSources = .priority
                series.sourcePriority = g.maybe { $0.list { $0.string() } }
            }
            catalog.add(series)
        }
        for var screen in base.catalog.screens where g.keep {
            screen.name = g.string()
            screen.icon = g.maybe { $0.string() }
            screen.emptyMessage = g.maybe { $0.string() }
            screen.formerIDs = g.list { "OLD_" + $0.string() }
            screen.isActive = g.keep
            screen.config = g.maybe { $0.node(depth: 0) }
            catalog.add(screen)
        }
        for var metric in base.catalog.metrics where g.keep {
            metric.displayName = g.string()
            metric.parentID = g.maybe { $0.string() }
            metric.isPrimary = g.keep
            metric.role = g.maybe { MetricRole($0.string()) }
            metric.aboutWhy = g.maybe { $0.string() }
            metric.binding.rolling = g.maybe { $0.int() }
            metric.binding.target = g.maybe { $0.target() }
            metric.binding.range = g.maybe { g in
                [TimeRange.days(g.int()), .weeks(2), .months(6), .years(1), .all][Int(g.next() % 5)]
            }
            metric.binding.categories = g.maybe { $0.list { $0.string() } }
            metric.binding.splitBy = g.maybe { _ in .tag }
            catalog.add(metric)
        }
        var book = PortionBook()
        for var category in base.catalog.portions.categories where g.keep {
            category.target = g.target()
            category.portionGrams = g.maybe { $0.double() }
            book.add(category)
        }
        for var slot in base.catalog.portions.mealSlots where g.keep {
            slot.aliases = g.list { $0.string() }
            slot.guidance = g.list { ($0.string(), $0.double()) }
            book.add(slot)
        }
        for var food in base.catalog.portions.foods where g.keep {
            food.counts = g.list { ($0.string(), $0.double()) }
            food.notes = g.maybe { $0.string() }
            book.add(food)
        }
        for var budget in base.catalog.portions.budgets where g.keep {
            budget.period =
                [
                    .day, .week(weekStart: g.int()), .month,
                    .days(count: g.int(), anchor: LocalDate(dayNumber: g.int())),
                ][Int(g.next() % 4)]
            book.add(budget)
        }
        book.declarations = base.catalog.portions.declarations.filter { _ in g.keep }
        catalog.portions = book
        catalog.files = base.catalog.files.filter { _ in g.keep }
        let diagnostics =
            base.diagnostics.filter { !warningsOnly || $0.severity != .error }
            + g.list { g in
                Diagnostic(
                    warningsOnly ? .warning : [.error, .warning, .note][Int(g.next() % 3)], rule: g.string(),
                    g.string(),
                    at: SourceLocation(file: g.string(), line: g.int(), column: g.int()),
                    related: g.list { SourceLocation(file: $0.string(), line: $0.int(), column: $0.int()) })
            }
        return LoadedCatalog(
            catalog: catalog, diagnostics: diagnostics,
            declarations: base.declarations.filter { _ in g.keep }, sources: [:])
    }

    struct Random {
        var rng: SplitMix
        mutating func next() -> UInt64 { rng.next() }
        var keep: Bool { mutating get { next() & 1 == 1 } }

        mutating func int() -> Int {
            switch next() % 4 {
            case 0: return Int(truncatingIfNeeded: next())
            case 1: return [Int.min, Int.max, 0, -1][Int(next() % 4)]
            default: return Int(next() % 1000)
            }
        }

        mutating func double() -> Double {
            switch next() % 4 {
            case 0: return Double(bitPattern: next())
            case 1: return [Double.nan, .infinity, -.infinity, 0, -0.0, .leastNonzeroMagnitude][Int(next() % 6)]
            default: return Double(next() % 100_000) / 8
            }
        }

        mutating func string() -> String {
            let length = Int(next() % 12)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length {
                let pick = next() % 4
                let value: UInt32 =
                    pick == 0
                    ? UInt32(next() % 0x80)
                    : pick == 1 ? 0x1F966 : pick == 2 ? UInt32(0xE9) : UInt32(0x61 + next() % 26)
                scalars.append(Unicode.Scalar(value) ?? "?")
            }
            return String(scalars)
        }

        mutating func maybe<T>(_ make: (inout Random) -> T) -> T? { keep ? make(&self) : nil }

        mutating func list<T>(_ make: (inout Random) -> T) -> [T] {
            (0..<Int(next() % 4)).map { _ in make(&self) }
        }

        mutating func target() -> Target {
            switch next() % 4 {
            case 0: return .exact(value: double(), tolerance: double())
            case 1: return .atLeast(double())
            case 2: return .atMost(double())
            default: return .range(min: double(), max: double())
            }
        }

        mutating func location() -> SourceLocation { SourceLocation(file: string(), line: int(), column: int()) }

        /// Line and column of a key's location are stored in 32 bits (`KeyLocations`).
        mutating func keyLocations(_ base: KeyLocations) -> KeyLocations {
            var result = KeyLocations()
            for (key, location) in base where keep { result[key] = location }
            for _ in 0..<Int(next() % 3) {
                result[string()] = SourceLocation(
                    file: string(), line: Int(Int32(truncatingIfNeeded: int())),
                    column: Int(Int32(truncatingIfNeeded: int())))
            }
            return result
        }

        mutating func node(depth: Int) -> YAMLNode {
            let at = location()
            switch depth >= 4 ? 0 : next() % 3 {
            case 0: return YAMLNode(.scalar(string(), isQuoted: keep), at: at)
            case 1:
                return YAMLNode(.mapping(list { (key: $0.node(depth: 4), value: $0.node(depth: depth + 1)) }), at: at)
            default: return YAMLNode(.sequence(list { $0.node(depth: depth + 1) }), at: at)
            }
        }
    }
}
