import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Issue #31 item 6: bombs. A record with 300,000 metadata entries made the import quadratic
/// (minutes of CPU, 1.8 GB); a million nested elements likewise. Each limit of
/// `HealthExportLimits` is held: past it the export is refused, naming the element and its line;
/// at it the export is read.
@Suite("Apple Health import: bombs are refused, memory and time stay bounded")
struct ImportLimitsTests {
    typealias F = HealthExportFixtures
    private static let limits = HealthExportLimits.standard

    private static func record(
        _ children: String = "", type: String = "HKQuantityTypeIdentifierStepCount",
        attributes: String = ""
    ) -> String {
        #"<Record type="\#(type)" sourceName="S" unit="count" value="1" \#(attributes)"#
            + #"startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:00:00 +0000""#
            + (children.isEmpty ? "/>" : ">\n\(children)</Record>")
    }

    private static func metadata(_ count: Int, key: (Int) -> String = { _ in "HKMetadataKeyBomb" }) -> String {
        (0..<count).map { #"<MetadataEntry key="\#(key($0))" value="v"/>"# + "\n" }.joined()
    }

    /// The reason of the `limitExceeded` error reading `body` throws, nil when it is read.
    private static func refusal(_ body: String) throws -> (reason: String, line: Int)? {
        do {
            _ = try F.parse(F.export(body), chunkSize: 4096)
            return nil
        } catch HealthExportError.limitExceeded(let reason, let position) {
            return (reason, position.line)
        }
    }

    @Test("metadata entries per record: 1,000 are read; 30,000 are refused at the 1,001st, naming the record")
    func metadataEntries() throws {
        let (sink, _) = try F.parse(F.export(Self.record(Self.metadata(Self.limits.metadataEntriesPerElement))))
        #expect(sink.records.first?.metadata.count == 1_000)
        // The record starts on line 3 (after the declaration and <HealthData>).
        let refused = try #require(try Self.refusal(Self.record(Self.metadata(30_000))))
        #expect(refused.reason == "the <Record> at line 3 has more than 1000 MetadataEntry elements")
        #expect(refused.line == 3 + 1_001)
        // The same on a correlation and a workout.
        let correlation =
            #"<Correlation type="HKCorrelationTypeIdentifierFood" sourceName="S" startDate="2024-01-01 08:00:00 +0000">"#
            + "\n" + Self.metadata(1_001) + "</Correlation>"
        #expect(
            try Self.refusal(correlation)?.reason
                == "the <Correlation> at line 3 has more than 1000 MetadataEntry elements")
        let workout =
            #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="S" startDate="2024-01-01 08:00:00 +0000">"#
            + "\n" + Self.metadata(1_001) + "</Workout>"
        #expect(
            try Self.refusal(workout)?.reason == "the <Workout> at line 3 has more than 1000 MetadataEntry elements")
    }

    @Test("nesting: 64 open elements are read, a 65th is refused")
    func depth() throws {
        // <HealthData> is the first open element.
        let deepest =
            String(repeating: "<a>", count: Self.limits.depth - 1)
            + String(repeating: "</a>", count: Self.limits.depth - 1)
        #expect(try Self.refusal(deepest) == nil)
        let bomb = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let refused = try #require(try Self.refusal(bomb))
        #expect(refused.reason == "<a> inside <a> is nested more than 64 elements deep")
    }

    @Test("attributes: 64 per tag and 64 KiB per value are read; one more is refused")
    func attributes() throws {
        let many = (0..<Self.limits.attributesPerTag - 6).map { #"a\#($0)="x" "# }.joined()  // the record has 6
        #expect(try Self.refusal(Self.record(attributes: many)) == nil)
        #expect(
            try Self.refusal(Self.record(attributes: many + #"b="x" "#))?.reason
                == "<Record> has more than 64 attributes")
        let long = String(repeating: "x", count: Self.limits.attributeValueLength)
        #expect(try Self.refusal(Self.record(attributes: #"note="\#(long)" "#)) == nil)
        #expect(
            try Self.refusal(Self.record(attributes: #"note="\#(long)x" "#))?.reason
                == "<Record>'s note is 65537 bytes long (at most 65536)")
    }

    @Test("children: heartbeats, correlation records and workout events are bounded")
    func children() throws {
        let beat = #"<InstantaneousBeatsPerMinute bpm="61" time="8:00:00.00 AM"/>"# + "\n"
        let beats =
            "<HeartRateVariabilityMetadataList>\n" + String(repeating: beat, count: Self.limits.childrenPerElement + 1)
            + "</HeartRateVariabilityMetadataList>\n"
        #expect(
            try Self.refusal(Self.record(beats))?.reason
                == "the <Record> at line 3 has more than 10000 <InstantaneousBeatsPerMinute> elements")
        let event = #"<WorkoutEvent type="HKWorkoutEventTypeLap" date="2024-01-01 08:00:00 +0000"/>"# + "\n"
        let workout =
            #"<Workout workoutActivityType="HKWorkoutActivityTypeRunning" sourceName="S" startDate="2024-01-01 08:00:00 +0000">"#
            + "\n" + String(repeating: event, count: Self.limits.childrenPerElement + 1) + "</Workout>"
        #expect(
            try Self.refusal(workout)?.reason == "the <Workout> at line 3 has more than 10000 <WorkoutEvent> elements")
    }

    @Test("distinct types: 10,000 are read, one more is refused; unknown element names are counted under 100 names")
    func distinctNames() throws {
        let types = (0...Self.limits.distinctTypes).map { Self.record(type: "HKQuantityTypeIdentifierBomb\($0)") }
        #expect(try Self.refusal(types.dropLast().joined(separator: "\n")) == nil)
        #expect(
            try Self.refusal(types.joined(separator: "\n"))?.reason
                == "more than 10000 distinct record and workout types (HKQuantityTypeIdentifierBomb10000 is one more)")
        let unknown = (0..<150).map { "<Unknown\($0)/>" }.joined(separator: "\n")
        let (_, statistics) = try F.parse(F.export(unknown))
        #expect(statistics.unsupportedElements.count == 101)
        #expect(statistics.unsupportedElements.values.reduce(0, +) == 150)
        #expect(statistics.unsupportedElements["(elements of other names)"] == 50)
    }

    @Test("keys equal but for case are found the same way in few and in many entries (against every pair)")
    func caseCollisionsLinear() {
        var random = SplitMix(seed: 31_6)
        let keys = [
            "meal", "Meal", "MEAL", "HKFoodMeal", "hkfoodmeal", "note", "Note", "Größe", "GRÖSSE", "größe", "x",
        ]
        for _ in 0..<2_000 {
            let entries = (0..<Int.random(in: 0...20, using: &random)).map { _ in
                MetadataEntry(key: keys.randomElement(using: &random)!, value: "v")
            }
            var naive = false
            for first in entries.indices {
                for second in entries.indices
                where second > first
                    && entries[first].key != entries[second].key
                    && entries[first].key.lowercased() == entries[second].key.lowercased()
                { naive = true }
            }
            let found = MetadataEntry.caseCollision(in: entries)
            #expect((found != nil) == naive, "\(entries.map(\.key))")
            if let (a, b) = found { #expect(a != b && a.lowercased() == b.lowercased()) }
        }
    }

    @Test("an import refused for a bomb leaves the store as it was, and says where")
    func importRefused() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("export.xml").path
        let body = Self.record(type: "HKQuantityTypeIdentifierStepCount") + "\n" + Self.record(Self.metadata(5_000))
        try F.export(body).write(toFile: path, atomically: true, encoding: .utf8)
        let store = try SampleStore.inMemory()
        let importer = AppleHealthImporter(mapping: HealthSampleMapping(series: []))
        #expect {
            try importer.importExport(at: path, into: store)
        } throws: { error in
            (error as? HealthExportError)?.description
                == "refused at line 1005, byte offset 51392: the <Record> at line 4 "
                + "has more than 1000 MetadataEntry elements; no Apple Health export comes near this "
                + "(the file is damaged or made to exhaust memory)"
        }
        #expect(try store.count() == 0)
    }
}
