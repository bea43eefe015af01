import Foundation
import PropertyBased
import Testing

@testable import VitalsImport
@testable import VitalsKit
@testable import VitalsScaffold

/// The library throws typed errors: a case that carries the values, the message made from
/// them, and a kind (no exit codes: the CLI decides those).
@Suite struct TypedErrorTests {
    typealias F = StoreFixtures

    static let screens: Catalog = CatalogLoader.load([
        SourceFile(
            path: "screens/s.yaml",
            text: """
                pillars: [{pillar_id: p, name: P}]
                screens:
                  - {screen_id: SCREEN_DAILY_ACTIVITY, name: Daily Activity, pillar: p, former_ids: [SCREEN_ACTIVITY]}
                  - {screen_id: SCREEN_MOBILITY, name: Mobility, pillar: p}
                """)
    ]).catalog

    var validator: SampleValidator {
        SampleValidator(
            catalog: F.catalog,
            time: TimeParser(
                timeZone: TimeZone(identifier: "Europe/Amsterdam")!,
                now: Date(timeIntervalSince1970: 1_800_000_000)))
    }

    /// The error `body` throws, as `E`; a failure when it throws nothing or another type.
    func thrown<E: Error>(
        _ type: E.Type, _ body: () throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> E? {
        do {
            try body()
            Issue.record("nothing thrown", sourceLocation: sourceLocation)
        } catch let error as E {
            return error
        } catch {
            Issue.record("threw \(Swift.type(of: error)): \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func anUnknownScreenCarriesTheNameAndTheClosestIDs() throws {
        let error = thrown(CatalogLookupError.self) { _ = try ScreenLookup.screen(named: "activty", in: Self.screens) }
        #expect(error == .unknownScreen("activty", suggestions: ["SCREEN_DAILY_ACTIVITY"]))
        #expect(error?.message == "unknown screen 'activty'")
        #expect(error?.hints == ["did you mean: SCREEN_DAILY_ACTIVITY?", "vitals tree lists every screen"])
        #expect(error?.kind == .refused)
        // Nothing close: no did-you-mean, still the pointer to the list.
        let far = thrown(CatalogLookupError.self) { _ = try ScreenLookup.screen(named: "zzzzzzzz", in: Self.screens) }
        #expect(far == .unknownScreen("zzzzzzzz", suggestions: []))
        #expect(far?.hints == ["vitals tree lists every screen"])
    }

    @Test func typedInputIsRefusedWithTheCaseForItsMistake() {
        let known = F.catalog.series.map(\.id)
        #expect(
            thrown(CatalogLookupError.self) {
                _ = try validator.sample(from: SampleInput(seriesID: "bdy_mass", value: "80"))
            }
                == .unknownSeries("bdy_mass", known: known))
        #expect(
            thrown(EntryError.self) { _ = try validator.sample(from: SampleInput(seriesID: "body_mass", value: "abc")) }
                == .notANumber("abc"))
        #expect(
            thrown(EntryError.self) {
                _ = try validator.sample(
                    from: SampleInput(
                        seriesID: "body_mass", value: "80", time: "2026-11-20T08:00",
                        endTime: "2026-11-20T07:00"))
            } == .endBeforeStart)
        let implausible = thrown(EntryError.self) {
            _ = try validator.sample(from: SampleInput(seriesID: "body_mass", value: "900", time: "2026-11-20T08:00"))
        }
        #expect(
            implausible
                == .implausible(
                    typed: 900, unit: "kg", value: 900, baseUnit: "kg", seriesID: "body_mass",
                    subjectKind: "human", range: 20...200))
        #expect(implausible?.message == "900 kg is outside the plausible range for body_mass of a human: 20–200 kg")
        #expect(thrown(EntryError.self) { _ = try TimeParser().parse("teatime") } == .unreadableTime("teatime"))
    }

    @Test func storeErrorsSayWhichFileAndWhetherTheCommandCouldRun() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "vitals-typed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("notes.txt").path
        try "not a database".write(toFile: text, atomically: true, encoding: .utf8)
        let notSQLite = thrown(StoreError.self) { _ = try SampleStore.open(path: text) }
        #expect(notSQLite == .notSQLite(path: text))
        #expect(notSQLite?.kind == .refused)
        #expect(
            thrown(StoreError.self) { _ = try SampleStore.openForReading(path: directory.path) }
                == .isADirectory(path: directory.path))
        let missing = directory.appendingPathComponent("no/such/dir/v.sqlite").path
        #expect(
            thrown(StoreError.self) { _ = try SampleStore.open(path: missing) }
                == .missingDirectory(path: missing, directory: directory.appendingPathComponent("no/such/dir").path))
    }

    @Test func aMissingCatalogDirectoryIsOneTheCommandCannotRunWithout() {
        let error = thrown(CatalogLocationError.self) {
            _ = try CatalogLocation.resolve(root: "/no/such/catalog", allowBuiltIn: true)
        }
        #expect(error == .noSuchCatalogDirectory("/no/such/catalog"))
        #expect(error?.kind == .cannotRun)
        #expect(
            thrown(CatalogLocationError.self) { _ = try CatalogLoader.files(under: ["/no/such/dir"]) }
                == .noSuchPath("/no/such/dir"))
    }

    @Test func portionsScaffoldAndImportThrowTheirOwnTypes() {
        let book = PortionFixtures.book
        #expect(
            thrown(PortionError.self) { _ = try MealSlotNames.resolve("lunhc", in: book) }
                == .unknownMealSlot("lunhc", suggestions: ["lunch"], mealSlots: book.mealSlots.map(\.id)))
        let food = thrown(PortionError.self) { _ = try FoodLibrary.find("carot", in: book) }
        #expect(food == .unknownFood("carot", suggestions: ["carrot"], libraryIsEmpty: false))
        #expect(
            thrown(PortionError.self) {
                _ = try PortionLogging.amount(
                    typed: "0.3", unit: nil, for: book.categories.first { $0.unit == .portion }!)
            } == .notOnStep(0.3))
        let name = thrown(ScaffoldError.self) { _ = try ScaffoldNames("9 lives") }
        #expect(name == .unusableName("9 lives"))
        #expect(name?.kind == .badArgument)
        let importer = CSVImporter(validator: validator, seriesID: "body_mass")
        #expect(thrown(ImportError.self) { _ = try importer.read("") } == .emptyCSV)
        #expect(
            thrown(ImportError.self) { _ = try importer.read("when,value\n") }
                == .unknownColumn("when", known: CSVImporter.knownColumns))
    }

    /// Text a person typed reaches the message only made safe: whatever the name, the message
    /// and hints hold no escape sequence, control character or newline.
    @Test func typedTextIsMadeSafeInEveryMessage() async {
        let book = PortionFixtures.book
        let validator = validator
        await propertyCheck(count: 300, input: Gen<Character>.latin1.string(of: 0...12)) { typed in
            var errors: [any VitalsError] = [
                ScreenLookup.unknownScreen(typed + "\u{1B}[31m", in: Self.screens),
                CatalogLocationError.noSuchPath("\n" + typed),
            ]
            for attempt in [
                { _ = try validator.sample(from: SampleInput(seriesID: typed + "\u{7}", value: "1")) },
                { _ = try validator.sample(from: SampleInput(seriesID: "body_mass", value: typed + "x\n")) },
                {
                    _ = try validator.sample(
                        from: SampleInput(seriesID: "body_mass", value: "80", unit: typed + "\u{1B}"))
                },
                { _ = try TimeParser().parse(typed + "\u{1B}]0;title\u{7}") },
                { _ = try MealSlotNames.resolve(typed + "\u{9B}", in: book) },
                { _ = try FoodLibrary.find("\u{202E}" + typed, in: book) },
                { _ = try ScaffoldNames("9" + typed) },
            ] as [() throws -> Void] {
                do { try attempt() } catch let error as any VitalsError { errors.append(error) } catch {
                    Issue.record("not a VitalsError: \(error)")
                }
            }
            #expect(errors.count == 9)
            for error in errors {
                for line in [error.message] + error.hints {
                    #expect(Sanitize.isClean(line), "\(type(of: error)): \(line.debugDescription)")
                }
            }
        }
    }
}
