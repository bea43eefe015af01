import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

/// Small hand-written exports showing each quirk real Apple Health exports have.
enum HealthExportFixtures {
    /// The head of an export, with a DTD like Export Version 12's: one `ATTLIST` never closed.
    static let brokenDTDHead = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>
        <!ATTLIST HealthData
          locale CDATA #REQUIRED
        >
        <!ATTLIST ExportDate
          value CDATA #REQUIRED
        <!ELEMENT Me EMPTY>
        <!ATTLIST Record
          type          CDATA #REQUIRED
          value         CDATA #IMPLIED
          note          CDATA "a ] bracket > and a quote ' inside"
        >
        ]>

        """

    /// A full export with every quirk: broken DTD, U+000B, wrapped attributes, escaped device
    /// strings, a correlation repeating two records, a DST change, case-different metadata
    /// keys, the same sample from two sources, a workout, an activity summary and `Me`.
    static let quirky =
        brokenDTDHead + """
            <HealthData locale="en_US">
             <ExportDate value="2019-11-04 09:00:00 -0800"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1985-03-14" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Vivian\u{0B}s iPhone" sourceVersion="13.1" unit="lb" creationDate="2019-11-02 07:41:22 -0700" startDate="2019-11-02 07:41:22 -0700" endDate="2019-11-02 07:41:22 -0700" value="150.2">
              <MetadataEntry key="HKWasUserEntered" value="1"/>
             </Record>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Vivian\u{0B}s iPhone" sourceVersion="13.1" unit="lb" creationDate="2019-11-03 07:40:00 -0800" startDate="2019-11-03 07:40:00 -0800" endDate="2019-11-03 07:40:00 -0800" value="149.8"/>
             <Record type="HKQuantityTypeIdentifierHeartRate"
                     sourceName="Vivian’s Apple Watch"
                     sourceVersion="6.0"
                     device="&lt;&lt;HKDevice: 0x283e0a4e0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch3,4, software:6.0&gt;"
                     unit="count/min"
                     creationDate="2019-11-03 08:00:05 -0800"
                     startDate="2019-11-03 08:00:00 -0800"
                     endDate="2019-11-03 08:00:00 -0800"
                     value="72">
              <HeartRateVariabilityMetadataList>
               <InstantaneousBeatsPerMinute bpm="71" time="8:00:00.41 AM"/>
               <InstantaneousBeatsPerMinute bpm="73" time="8:00:01.22 AM"/>
              </HeartRateVariabilityMetadataList>
             </Record>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" creationDate="2019-11-03 09:10:00 -0800" startDate="2019-11-03 09:00:00 -0800" endDate="2019-11-03 09:10:00 -0800" value="812"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Apple Watch" unit="count" creationDate="2019-11-03 09:10:00 -0800" startDate="2019-11-03 09:00:00 -0800" endDate="2019-11-03 09:10:00 -0800" value="812"/>
             <Record type="HKQuantityTypeIdentifierDietaryProtein" sourceName="MyFitnessPal" unit="g" creationDate="2019-11-03 12:30:00 -0800" startDate="2019-11-03 12:30:00 -0800" endDate="2019-11-03 12:30:00 -0800" value="31.5">
              <MetadataEntry key="meal" value="Lunch"/>
              <MetadataEntry key="Meal" value="lunch &amp; snack"/>
             </Record>
             <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="2019-11-03 20:00:00 -0800" startDate="2019-11-03 20:00:00 -0800" endDate="2019-11-03 20:00:00 -0800" value="121"/>
             <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="2019-11-03 20:00:00 -0800" startDate="2019-11-03 20:00:00 -0800" endDate="2019-11-03 20:00:00 -0800" value="79"/>
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" creationDate="2019-11-03 20:00:00 -0800" startDate="2019-11-03 20:00:00 -0800" endDate="2019-11-03 20:00:00 -0800">
              <MetadataEntry key="HKWasUserEntered" value="0"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" creationDate="2019-11-03 20:00:00 -0800" startDate="2019-11-03 20:00:00 -0800" endDate="2019-11-03 20:00:00 -0800" value="121"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" creationDate="2019-11-03 20:00:00 -0800" startDate="2019-11-03 20:00:00 -0800" endDate="2019-11-03 20:00:00 -0800" value="79"/>
             </Correlation>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" creationDate="2019-11-04 07:00:00 -0800" startDate="2019-11-03 23:10:00 -0800" endDate="2019-11-04 01:40:00 -0800" value="HKCategoryValueSleepAnalysisAsleepCore"/>
             <!-- a comment with <Record> in it -->
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Apple Watch" creationDate="2019-11-04 07:00:00 -0800" startDate="2019-11-04 01:40:00 -0800" endDate="2019-11-04 02:25:00 -0800" value="HKCategoryValueSleepAnalysisAsleepREM"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30.5" durationUnit="min" totalDistance="5.02" totalDistanceUnit="km" totalEnergyBurned="312" totalEnergyBurnedUnit="kcal" sourceName="Apple Watch" creationDate="2019-11-03 18:31:00 -0800" startDate="2019-11-03 18:00:00 -0800" endDate="2019-11-03 18:30:30 -0800">
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2019-11-03 18:00:00 -0800" duration="10" durationUnit="min"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="2019-11-03 18:00:00 -0800" endDate="2019-11-03 18:30:30 -0800" sum="312" unit="kcal"/>
              <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2019-11-03 18:00:00 -0800" endDate="2019-11-03 18:30:30 -0800" average="151" minimum="98" maximum="171" unit="count/min"/>
              <WorkoutRoute sourceName="Apple Watch" creationDate="2019-11-03 18:31:00 -0800" startDate="2019-11-03 18:00:00 -0800" endDate="2019-11-03 18:30:30 -0800">
               <FileReference path="/workout-routes/route_2019-11-03_6.30pm.gpx"/>
              </WorkoutRoute>
             </Workout>
             <ActivitySummary dateComponents="2019-11-03" activeEnergyBurned="512.5" activeEnergyBurnedGoal="600" activeEnergyBurnedUnit="kcal" appleMoveTime="0" appleMoveTimeGoal="0" appleExerciseTime="34" appleExerciseTimeGoal="30" appleStandHours="11" appleStandHoursGoal="12"/>
             <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="x" sourceName="Hospital" fhirVersion="4.0.1" receivedDate="2019-11-03 20:00:00 -0800" resourceFilePath="/clinical-records/x.json"/>
             <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Withings" unit="%" creationDate="2019-11-04 07:00:00 -0800" startDate="2019-11-04 07:00:00 -0800" endDate="2019-11-04 07:00:00 -0800" value="0.215"/>
            </HealthData>

            """

    /// Wraps records in a minimal export.
    static func export(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n\(body)\n</HealthData>\n"
    }

    /// Parses `xml` fed in chunks of `chunkSize` bytes into a collecting sink.
    static func parse(_ xml: String, chunkSize: Int = 1 << 16) throws -> (CollectingHealthSink, HealthScanStatistics) {
        let bytes = Array(xml.utf8)
        let parser = HealthExportParser(sink: CollectingHealthSink())
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunkSize)
            try bytes[start..<end].withUnsafeBytes { try parser.feed($0) }
            start = end
        }
        let statistics = try parser.finish()
        return (parser.sink, statistics)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitals-import-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
