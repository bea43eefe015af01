import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

@Suite("Apple Health export parser")
struct HealthExportParserTests {
    typealias F = HealthExportFixtures

    @Test("the quirky export reads completely despite its broken DTD")
    func quirkyExport() throws {
        let (sink, statistics) = try F.parse(F.quirky)
        #expect(sink.records.count == 11)
        #expect(statistics.records == 11)
        #expect(sink.correlations.count == 1)
        #expect(sink.workouts.count == 1)
        #expect(sink.activitySummaries.count == 1)
        #expect(sink.profiles.count == 1)
        #expect(statistics.unsupportedElements == ["ClinicalRecord": 1])
        #expect(statistics.locale == "en_US")
        #expect(statistics.exportDate?.description == "2019-11-04 09:00:00 -0800")
        #expect(statistics.skippedCount == 0)
    }

    @Test("correlation children repeat top-level records and are counted once")
    func correlationCountedOnce() throws {
        let (sink, statistics) = try F.parse(F.quirky)
        let pressure = sink.records.filter { $0.type.hasPrefix("HKQuantityTypeIdentifierBloodPressure") }
        #expect(pressure.count == 2)
        #expect(statistics.correlationChildRecords == 2)
        #expect(sink.correlations[0].records.map(\.value) == [.number(121), .number(79)])
        #expect(sink.correlations[0].metadata == [MetadataEntry(key: "HKWasUserEntered", value: "0")])
    }

    @Test("a daylight-saving change within one file keeps each record's own offset")
    func daylightSaving() throws {
        let (sink, statistics) = try F.parse(F.quirky)
        let weights = sink.records.filter { $0.type == "HKQuantityTypeIdentifierBodyMass" }
        #expect(weights.map(\.startDate.offsetSeconds) == [-25_200, -28_800])
        #expect(weights[0].startDate.utcSeconds == 1_572_705_682)  // 2019-11-02T14:41:22Z
        #expect(weights[1].startDate.description == "2019-11-03 07:40:00 -0800")
        #expect(statistics.offsetsSeen == [-25_200, -28_800])
    }

    @Test("wrapped attributes and escaped <> in device strings")
    func wrappedAttributesAndEscapes() throws {
        let (sink, _) = try F.parse(F.quirky)
        let heart = try #require(sink.records.first { $0.type == "HKQuantityTypeIdentifierHeartRate" })
        #expect(
            heart.device
                == "<<HKDevice: 0x283e0a4e0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch3,4, software:6.0>"
        )
        #expect(heart.sourceName == "Vivian’s Apple Watch")
        #expect(heart.unit == "count/min")
        #expect(heart.value == .number(72))
        #expect(
            heart.beats == [
                InstantaneousBeat(bpm: 71, time: "8:00:00.41 AM"),
                InstantaneousBeat(bpm: 73, time: "8:00:01.22 AM"),
            ])
    }

    @Test("a raw U+000B control character in a value is kept and reported")
    func controlCharacter() throws {
        let (sink, statistics) = try F.parse(F.quirky)
        #expect(sink.records[0].sourceName == "Vivian\u{0B}s iPhone")
        #expect(statistics.valuesWithControlCharacters == 1)
    }

    @Test("metadata keys that differ only in case are both kept, and reported")
    func metadataCase() throws {
        let (sink, statistics) = try F.parse(F.quirky)
        let protein = try #require(sink.records.first { $0.type == "HKQuantityTypeIdentifierDietaryProtein" })
        #expect(
            protein.metadata == [
                MetadataEntry(key: "meal", value: "Lunch"),
                MetadataEntry(key: "Meal", value: "lunch & snack"),
            ])
        #expect(protein.metadata("Meal") == "lunch & snack")
        #expect(statistics.metadataCaseCollisions == 1)
        #expect(statistics.metadataCaseCollisionExamples == ["meal / Meal"])
    }

    @Test("the same sample from two sources is two records")
    func twoSources() throws {
        let (sink, _) = try F.parse(F.quirky)
        let steps = sink.records.filter { $0.type == "HKQuantityTypeIdentifierStepCount" }
        #expect(steps.map(\.sourceName) == ["iPhone", "Apple Watch"])
        #expect(steps[0].startDate == steps[1].startDate && steps[0].value == steps[1].value)
    }

    @Test("workouts, activity summaries and Me")
    func otherElements() throws {
        let (sink, _) = try F.parse(F.quirky)
        let workout = try #require(sink.workouts.first)
        #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
        #expect(workout.duration == 30.5 && workout.totalDistance == 5.02 && workout.totalEnergyBurned == 312)
        #expect(workout.statistics.count == 2)
        #expect(workout.statistics[1].average == 151 && workout.statistics[1].unit == "count/min")
        #expect(workout.events.first?.type == "HKWorkoutEventTypeSegment")
        #expect(workout.routeFiles == ["/workout-routes/route_2019-11-03_6.30pm.gpx"])
        #expect(workout.metadata == [MetadataEntry(key: "HKIndoorWorkout", value: "0")])
        let summary = try #require(sink.activitySummaries.first)
        #expect(summary.day == "2019-11-03" && summary.activeEnergyBurned == 512.5 && summary.appleStandHours == 11)
        let me = try #require(sink.profiles.first)
        #expect(me.birthDate == "1985-03-14" && me.biologicalSex == "female" && me.bloodType == nil)
    }

    @Test("sleep records keep their category value")
    func sleep() throws {
        let (sink, _) = try F.parse(F.quirky)
        let sleep = sink.records.filter { $0.type == "HKCategoryTypeIdentifierSleepAnalysis" }
        #expect(
            sleep.map(\.value) == [
                .category("HKCategoryValueSleepAnalysisAsleepCore"),
                .category("HKCategoryValueSleepAnalysisAsleepREM"),
            ])
        #expect(sleep[0].unit == nil)
    }

    @Test(
        "the same input in 1-byte, 7-byte and 64 KiB chunks gives identical results",
        arguments: [1, 7, 1 << 16])
    func chunkBoundaries(chunkSize: Int) throws {
        let (reference, referenceStatistics) = try F.parse(F.quirky, chunkSize: 1 << 20)
        let (sink, statistics) = try F.parse(F.quirky, chunkSize: chunkSize)
        #expect(sink.records == reference.records)
        #expect(sink.correlations == reference.correlations)
        #expect(sink.workouts == reference.workouts)
        #expect(sink.activitySummaries == reference.activitySummaries)
        #expect(sink.profiles == reference.profiles)
        #expect(statistics == referenceStatistics)
    }

    @Test("entities and character references in values")
    func entities() throws {
        let xml = F.export(
            """
            <Record type="T" sourceName="a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos; &#65;&#x42;&#x1F600; &#0; &bogus; &amp" startDate="2020-01-01 00:00:00 +0000" endDate="2020-01-01 00:00:00 +0000" value="1"/>
            <Record type='T' sourceName='single "quoted" &gt; tab\there
            newline' startDate='2020-01-01 00:00:00 +0000' endDate='2020-01-01 00:00:00 +0000' value='2'/>
            """)
        let (sink, _) = try F.parse(xml, chunkSize: 3)
        #expect(sink.records[0].sourceName == "a <b> & \"c\" 'd' AB😀 \u{FFFD} &bogus; &amp")
        #expect(sink.records[1].sourceName == "single \"quoted\" > tab here newline")
    }

    @Test("CDATA, comments and processing instructions are skipped")
    func skippedMarkup() throws {
        let xml = F.export(
            """
            <!-- <Record type="Nope"/> -->
            <?vitals ignore <Record/> ?>
            <Record type="T" sourceName="s" startDate="2020-01-01 00:00:00 +0000" endDate="2020-01-01 00:00:00 +0000" value="1"><![CDATA[ <Record type="Nope"/> ]]></Record>
            """)
        let (sink, _) = try F.parse(xml, chunkSize: 2)
        #expect(sink.records.map(\.type) == ["T"])
    }

    @Test("a DOCTYPE whose internal subset never closes ends at the root element")
    func unclosedSubset() throws {
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            <!ATTLIST HealthData locale CDATA #REQUIRED
            <HealthData locale="de_DE"><Record type="T" sourceName="s" startDate="2020-01-01 00:00:00 +0100" endDate="2020-01-01 00:00:00 +0100" value="1"/></HealthData>
            """
        let (sink, statistics) = try F.parse(xml, chunkSize: 5)
        #expect(sink.records.count == 1)
        #expect(statistics.recoveredBrokenDTD)
        #expect(statistics.locale == "de_DE")
    }

    @Test("records with unreadable dates are skipped with a reason, the rest goes on")
    func skippedRecords() throws {
        let xml = F.export(
            """
            <Record type="T" sourceName="s" startDate="yesterday" endDate="2020-01-01 00:00:00 +0000" value="1"/>
            <Record type="T" sourceName="s" endDate="2020-01-01 00:00:00 +0000" value="1"/>
            <Record type="T" sourceName="s" startDate="2020-01-02 00:00:00 +0000" endDate="2020-01-01 00:00:00 +0000" value="1"/>
            <Record type="T" sourceName="s" startDate="2020-01-01 00:00:00 +0000" endDate="2020-01-01 00:00:00 +0000" value="1"/>
            """)
        let (sink, statistics) = try F.parse(xml)
        #expect(sink.records.count == 1)
        #expect(
            sink.skips.map(\.reason.description) == [
                "unreadable startDate", "missing attribute startDate",
                "endDate before startDate",
            ])
        #expect(sink.skips[0].position.line == 3)
        #expect(
            statistics.skipped == [
                "Record: unreadable startDate": 1, "Record: missing attribute startDate": 1,
                "Record: endDate before startDate": 1,
            ])
    }
}
