import Foundation
import PropertyBased
import Testing

@testable import VitalsKit
@testable import VitalsSettings

/// The compiled catalog's bytes read back to the catalog written, field by field
/// (`CanonicalDump`), over random catalogs made from fixture catalogs; mutated bytes are read
/// to the same catalog or refused, never a trap.
@Suite struct CatalogCodecTests {

    /// Every fixture catalog file that loads (the schema examples and MiniCatalog), each read
    /// on its own and joined into one catalog with each file's ids suffixed by its number, so
    /// that entries repeating an id in another file are kept too; plus one config block.
    static let fixture: LoadedCatalog = {
        let good = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/SchemaAgreement/good").path
        let mini = TestPaths.fixtures.appendingPathComponent("MiniCatalog").path
        let files = try! CatalogLoader.files(under: [mini, good])
        var joined = Catalog()
        var book = PortionBook()
        var diagnostics: [Diagnostic] = []
        var declarations: [Declaration] = []
        for (number, file) in files.enumerated() {
            let loaded = try! CatalogLoader.load(paths: [file])
            let tag = "_\(number)"
            for var pillar in loaded.catalog.pillars {
                pillar.id += tag
                joined.add(pillar)
            }
            for var subject in loaded.catalog.subjects where subject.location.file != "<built-in>" {
                subject.id += tag
                joined.add(subject)
            }
            for var series in loaded.catalog.series {
                series.id += tag
                joined.add(series)
            }
            for var screen in loaded.catalog.screens {
                screen.id += tag
                if screen.config == nil {
                    screen.config = try! YAMLComposer().compose(
                        "target: {grams: 1.2}\nlist: [a, 'b', {c: ~}]\n", file: file
                    ).root
                }
                joined.add(screen)
            }
            for var metric in loaded.catalog.metrics {
                metric.id += tag
                joined.add(metric)
            }
            for var category in loaded.catalog.portions.categories {
                category.id += tag
                book.add(category)
            }
            for var slot in loaded.catalog.portions.mealSlots {
                slot.id += tag
                book.add(slot)
            }
            for var food in loaded.catalog.portions.foods {
                food.id += tag
                book.add(food)
            }
            for var budget in loaded.catalog.portions.budgets {
                budget.id += tag
                book.add(budget)
            }
            book.declarations += loaded.catalog.portions.declarations
            diagnostics += loaded.diagnostics
            declarations += loaded.declarations
        }
        joined.portions = book
        joined.files = files
        return LoadedCatalog(catalog: joined, diagnostics: diagnostics, declarations: declarations, sources: [:])
    }()

    static func dump(_ loaded: LoadedCatalog) -> String {
        var loaded = loaded
        loaded.sources = [:]  // not stored: only error reports quote files
        return CanonicalDump.of(loaded)
    }

    static func roundTrip(_ loaded: LoadedCatalog) throws -> LoadedCatalog {
        try CatalogCodec.encode(loaded).withUnsafeBytes { try CatalogCodec.decode($0) }
    }

    @Test func theFixtureHasWhatTheRandomCatalogsVary() {
        let catalog = Self.fixture.catalog
        #expect(
            !catalog.pillars.isEmpty && !catalog.series.isEmpty && !catalog.screens.isEmpty && !catalog.metrics.isEmpty)
        #expect(!catalog.portions.categories.isEmpty && !catalog.portions.mealSlots.isEmpty)
        #expect(!catalog.portions.foods.isEmpty && !catalog.portions.budgets.isEmpty)
        #expect(catalog.screens.contains { $0.config != nil })
        #expect(catalog.series.contains { $0.overlappingSources != nil })
        #expect(catalog.screens.contains { !$0.formerIDs.isEmpty })
    }

    @Test func theFixtureReadsBackAsWritten() throws {
        #expect(Self.dump(try Self.roundTrip(Self.fixture)) == Self.dump(Self.fixture))
    }

    @Test func randomCatalogsReadBackAsWritten() async {
        await propertyCheck(count: 150, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            let catalog = RandomCatalog.make(from: Self.fixture, seed: UInt64(seed))
            do {
                let back = try Self.roundTrip(catalog)
                #expect(Self.dump(back) == Self.dump(catalog))
                // Encoding is deterministic: the catalog read back writes the same bytes.
                #expect(try CatalogCodec.encode(back) == CatalogCodec.encode(catalog))
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func aWholeCacheFileReadsBackWithItsFindings() throws {
        let catalog = RandomCatalog.make(from: Self.fixture, seed: 7, warningsOnly: true)
        let findings = [
            Diagnostic(.warning, rule: "x", "a warning", at: SourceLocation(file: "f.yaml", line: 2, column: 3))
        ]
        let checked = CatalogCache.Checked(loaded: catalog, findings: findings, origin: .checked)
        let key = String(repeating: "ab", count: 16)
        let bytes = try #require(CatalogCache.fileBytes(checked, key: key))
        let back = try #require(bytes.withUnsafeBytes { CatalogCache.checked(from: $0, key: key) })
        #expect(Self.dump(back.loaded) == Self.dump(catalog))
        #expect(back.findings == findings)
        #expect(back.origin == .cached)
        // Another key is another catalog.
        #expect(
            bytes.withUnsafeBytes { CatalogCache.checked(from: $0, key: String(repeating: "cd", count: 16)) } == nil)
    }

    /// Any mutation of a whole file (bytes flipped, cut, inserted, removed) is refused or
    /// decoded to a catalog that encodes again, never a trap; one that changes the header or
    /// the length is always refused.
    @Test func mutatedCacheFilesAreRefusedOrDecodedSafely() throws {
        let catalog = RandomCatalog.make(from: Self.fixture, seed: 11, warningsOnly: true)
        let checked = CatalogCache.Checked(loaded: catalog, findings: [], origin: .checked)
        let key = String(repeating: "0f", count: 16)
        let original = try #require(CatalogCache.fileBytes(checked, key: key))
        var rng = SplitMix(seed: 2026)
        var refused = 0
        var read = 0
        for round in 0..<3000 {
            var bytes = original
            Self.mutate(&bytes, &rng)
            let headerChanged =
                bytes.count != original.count
                || bytes.prefix(CatalogCache.headerSize) != original.prefix(CatalogCache.headerSize)
            if let back = bytes.withUnsafeBytes({ CatalogCache.checked(from: $0, key: key) }) {
                #expect(!headerChanged, "round \(round): a file with another header or length was read")
                #expect(throws: Never.self) { try CatalogCodec.encode(back.loaded) }
                read += 1
            } else {
                refused += 1
            }
        }
        #expect(refused > 2000)
        #expect(read + refused == 3000)
    }

    static func mutate(_ bytes: inout [UInt8], _ rng: inout SplitMix) {
        let count = Int.random(in: 1...4, using: &rng)
        for _ in 0..<count {
            guard !bytes.isEmpty else { return }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 2: bytes.removeSubrange(at...)
            case 3: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 4: bytes.remove(at: at)
            default: bytes[at] = [0, 0xFF, 0x7F, 0x80][Int.random(in: 0..<4, using: &rng)]
            }
        }
    }

    /// The payload decoder on its own, fed mutated payloads: every outcome is a value or an
    /// error (this test passes by not trapping), and a mutation of a string byte that keeps
    /// the UTF-8 valid gives a catalog that writes again.
    @Test func mutatedPayloadsDecodeOrThrow() throws {
        let catalog = RandomCatalog.make(from: Self.fixture, seed: 3, warningsOnly: true)
        let checked = CatalogCache.Checked(loaded: catalog, findings: [], origin: .checked)
        let file = try #require(CatalogCache.fileBytes(checked, key: String(repeating: "11", count: 16)))
        let payload = Array(file[CatalogCache.headerSize...])
        var rng = SplitMix(seed: 99)
        var read = 0
        var thrown = 0
        for _ in 0..<3000 {
            var bytes = payload
            Self.mutate(&bytes, &rng)
            do {
                let back = try bytes.withUnsafeBytes { try CatalogCache.decodePayload($0) }
                _ = try CatalogCodec.encode(back.loaded)
                read += 1
            } catch {
                thrown += 1
            }
        }
        #expect(read + thrown == 3000)
        #expect(thrown > 0)
    }
}
