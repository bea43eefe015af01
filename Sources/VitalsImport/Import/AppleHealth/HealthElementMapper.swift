import Foundation
import VitalsKit

/// Turns the scanner's tags into typed export elements and hands them to a sink.
///
/// It knows the shape of `HealthData`: top-level `Record`, `Correlation`, `Workout`,
/// `ActivitySummary`, `Me` and `ExportDate`, and their children. Records inside a correlation
/// repeat top-level records and are attached to the correlation only. Unknown elements are
/// counted and passed over. Children per element and distinct types are bounded (`limits`):
/// past a limit the import is refused, naming the element and its line.
package struct HealthElementMapper<Sink: HealthExportSink>: XMLEventHandler {
    package var sink: Sink
    package private(set) var statistics = HealthScanStatistics()

    private enum Context { case root, record, correlation, correlationRecord, beats, workout, route, other }

    private var contexts: [Context] = []
    private var interner = StringInterner()
    private var record: HealthRecord?
    private var recordSkip: HealthSkip?
    private var correlation: HealthCorrelation?
    private var workout: HealthWorkout?
    /// What the export may hold at most.
    package var limits = HealthExportLimits.standard
    /// The record types and workout activity types met (bounded by `limits.distinctTypes`),
    /// and the last one, which most records repeat.
    private var typesSeen: Set<String> = []
    private var lastType = ""
    /// The lines where the record, and the correlation or workout, being read began, for refusals.
    private var recordLine = 0, parentLine = 0

    package init(sink: Sink) {
        self.sink = sink
    }

    package mutating func startElement(_ tag: XMLStartTag, at position: XMLPosition) throws {
        guard let context = contexts.last else {
            guard tag.name.equals("HealthData") else {
                throw HealthExportError.notHealthExport(root: tag.name.string, at: position)
            }
            statistics.locale = tag.value(of: "locale")?.string
            contexts.append(.root)
            return
        }
        let name = tag.name
        var next = Context.other
        switch context {
        case .root:
            parentLine = position.line
            if name.equals("Record") {
                try beginRecord(tag, position)
                next = .record
            } else if name.equals("Correlation") {
                correlation = readCorrelation(tag, position)
                next = .correlation
            } else if name.equals("Workout") {
                workout = try readWorkout(tag, position)
                next = .workout
            } else if name.equals("ActivitySummary") {
                try readActivitySummary(tag, position)
            } else if name.equals("Me") {
                try readProfile(tag)
            } else if name.equals("ExportDate") {
                statistics.exportDate = tag.value(of: "value").flatMap { HealthDate.parse($0.base, count: $0.count) }
            } else {
                countUnsupported(name)
            }
        case .record, .correlationRecord:
            if name.equals("MetadataEntry") {
                try checkMetadata(record?.metadata.count ?? 0, "Record", recordLine, position)
                if let entry = metadataEntry(tag) { record?.metadata.append(entry) }
            } else if name.equals("HeartRateVariabilityMetadataList") {
                next = .beats
            }
        case .beats:
            if name.equals("InstantaneousBeatsPerMinute"), let bpm = tag.value(of: "bpm")?.number {
                try checkChildren(
                    record?.beats.count ?? 0, "InstantaneousBeatsPerMinute", "Record", recordLine, position)
                record?.beats.append(InstantaneousBeat(bpm: bpm, time: tag.value(of: "time")?.string ?? ""))
            }
        case .correlation:
            if name.equals("MetadataEntry") {
                try checkMetadata(correlation?.metadata.count ?? 0, "Correlation", parentLine, position)
                if let entry = metadataEntry(tag) { correlation?.metadata.append(entry) }
            } else if name.equals("Record") {
                try checkChildren(correlation?.records.count ?? 0, "Record", "Correlation", parentLine, position)
                try beginRecord(tag, position)
                next = .correlationRecord
            }
        case .workout:
            if name.equals("MetadataEntry") {
                try checkMetadata(workout?.metadata.count ?? 0, "Workout", parentLine, position)
                if let entry = metadataEntry(tag) { workout?.metadata.append(entry) }
            } else if name.equals("WorkoutStatistics") {
                try checkChildren(workout?.statistics.count ?? 0, "WorkoutStatistics", "Workout", parentLine, position)
                let statistics = readStatistics(tag)
                workout?.statistics.append(statistics)
            } else if name.equals("WorkoutEvent") {
                try checkChildren(workout?.events.count ?? 0, "WorkoutEvent", "Workout", parentLine, position)
                let event = WorkoutEvent(
                    type: text(tag, "type") ?? "", date: date(tag, "date"),
                    duration: tag.value(of: "duration")?.number, durationUnit: text(tag, "durationUnit"))
                workout?.events.append(event)
            } else if name.equals("WorkoutRoute") {
                next = .route
            }
        case .route:
            if name.equals("FileReference"), let path = tag.value(of: "path") {
                try checkChildren(workout?.routeFiles.count ?? 0, "FileReference", "Workout", parentLine, position)
                workout?.routeFiles.append(path.string)
            }
        case .other:
            break
        }
        contexts.append(next)
    }

    package mutating func endElement(_ name: XMLBytes, at position: XMLPosition) throws {
        switch contexts.removeLast() {
        case .record:
            try finishRecord(topLevel: true)
        case .correlationRecord:
            try finishRecord(topLevel: false)
        case .correlation:
            if let finished = correlation {
                statistics.correlations += 1
                noteCaseCollisions(finished.metadata)
                try sink.accept(finished)
            }
            correlation = nil
        case .workout:
            if let finished = workout {
                statistics.workouts += 1
                noteCaseCollisions(finished.metadata)
                try sink.accept(finished)
            }
            workout = nil
        case .root:
            statistics.valuesWithControlCharacters += interner.controlCharacterStrings
        default:
            break
        }
    }

    // MARK: Records

    private mutating func beginRecord(_ tag: XMLStartTag, _ position: XMLPosition) throws {
        var type: XMLBytes?
        var source: XMLBytes?
        var version: XMLBytes?
        var device: XMLBytes?
        var unit: XMLBytes?
        var value: XMLBytes?
        var created: XMLBytes?
        var start: XMLBytes?
        var end: XMLBytes?
        for attribute in tag.attributes {
            let key = attribute.name
            switch key.count {
            case 4:
                if key.equals("type") { type = attribute.value } else if key.equals("unit") { unit = attribute.value }
            case 5: if key.equals("value") { value = attribute.value }
            case 6: if key.equals("device") { device = attribute.value }
            case 7: if key.equals("endDate") { end = attribute.value }
            case 9: if key.equals("startDate") { start = attribute.value }
            case 10: if key.equals("sourceName") { source = attribute.value }
            case 12: if key.equals("creationDate") { created = attribute.value }
            case 13: if key.equals("sourceVersion") { version = attribute.value }
            default: break
            }
        }
        record = nil
        recordSkip = nil
        let typeName = type.map { interner.string($0) }
        if let typeName { try noteType(typeName, position) }
        recordLine = position.line
        func skip(_ reason: HealthSkip.Reason) -> HealthSkip {
            HealthSkip(element: "Record", type: typeName, reason: reason, position: position)
        }
        guard let typeName else {
            recordSkip = skip(.missingAttribute("type"))
            return
        }
        guard let start else {
            recordSkip = skip(.missingAttribute("startDate"))
            return
        }
        guard let startDate = HealthDate.parse(start.base, count: start.count) else {
            recordSkip = skip(.invalidDate(attribute: "startDate", value: start.string))
            return
        }
        var endDate = startDate
        // Most samples are instants: the end is the same text as the start.
        if let end, end.count != start.count || memcmp(end.base, start.base, end.count) != 0 {
            guard let parsed = HealthDate.parse(end.base, count: end.count) else {
                recordSkip = skip(.invalidDate(attribute: "endDate", value: end.string))
                return
            }
            endDate = parsed
        }
        guard endDate >= startDate else {
            recordSkip = skip(.endBeforeStart)
            return
        }
        var healthValue = HealthValue.none
        if let value {
            if let number = value.number {
                healthValue = .number(number)
            } else {
                healthValue = .category(interner.string(value))
            }
        }
        record = HealthRecord(
            type: typeName, sourceName: source.map { interner.string($0) } ?? "",
            sourceVersion: version.map { interner.string($0) }, device: device.map { interner.string($0) },
            unit: unit.map { interner.string($0) }, value: healthValue,
            creationDate: created.flatMap { HealthDate.parse($0.base, count: $0.count) },
            startDate: startDate, endDate: endDate)
    }

    private mutating func finishRecord(topLevel: Bool) throws {
        defer { recordSkip = nil }
        let current = record.take()  // moved out: no copy of its strings and arrays
        if let skip = recordSkip {
            if topLevel {
                statistics.skipped["Record: \(skip.reason)", default: 0] += 1
                try sink.skipped(skip)
            }
            return
        }
        guard let finished = current else { return }
        guard topLevel else {
            statistics.correlationChildRecords += 1
            correlation?.records.append(finished)
            return
        }
        statistics.records += 1
        statistics.recordsByType[finished.type, default: 0] += 1
        statistics.offsetsSeen.insert(finished.startDate.offsetSeconds)
        if finished.metadata.count > 1 { noteCaseCollisions(finished.metadata) }
        try sink.accept(finished)
    }

    // MARK: Other elements

    private mutating func readCorrelation(_ tag: XMLStartTag, _ position: XMLPosition) -> HealthCorrelation? {
        guard let start = date(tag, "startDate") else {
            statistics.skipped["Correlation: unreadable startDate", default: 0] += 1
            return nil
        }
        return HealthCorrelation(
            type: text(tag, "type") ?? "", sourceName: text(tag, "sourceName") ?? "",
            sourceVersion: text(tag, "sourceVersion"), device: text(tag, "device"),
            creationDate: date(tag, "creationDate"), startDate: start, endDate: date(tag, "endDate") ?? start,
            metadata: [], records: [])
    }

    private mutating func readWorkout(_ tag: XMLStartTag, _ position: XMLPosition) throws -> HealthWorkout? {
        let activity = text(tag, "workoutActivityType")
        if let activity { try noteType(activity, position) }
        func skip(_ reason: HealthSkip.Reason) throws -> HealthWorkout? {
            statistics.skipped["Workout: \(reason)", default: 0] += 1
            try sink.skipped(HealthSkip(element: "Workout", type: activity, reason: reason, position: position))
            return nil
        }
        guard let startText = tag.value(of: "startDate") else { return try skip(.missingAttribute("startDate")) }
        guard let start = HealthDate.parse(startText.base, count: startText.count) else {
            return try skip(.invalidDate(attribute: "startDate", value: startText.string))
        }
        var end = start
        if let endText = tag.value(of: "endDate") {
            guard let parsed = HealthDate.parse(endText.base, count: endText.count) else {
                return try skip(.invalidDate(attribute: "endDate", value: endText.string))
            }
            end = parsed
        }
        guard end >= start else { return try skip(.endBeforeStart) }
        return HealthWorkout(
            activityType: activity ?? "", duration: tag.value(of: "duration")?.number,
            durationUnit: text(tag, "durationUnit"), totalDistance: tag.value(of: "totalDistance")?.number,
            totalDistanceUnit: text(tag, "totalDistanceUnit"),
            totalEnergyBurned: tag.value(of: "totalEnergyBurned")?.number,
            totalEnergyBurnedUnit: text(tag, "totalEnergyBurnedUnit"), sourceName: text(tag, "sourceName") ?? "",
            sourceVersion: text(tag, "sourceVersion"), device: text(tag, "device"),
            creationDate: date(tag, "creationDate"), startDate: start, endDate: end,
            metadata: [], statistics: [], events: [], routeFiles: [])
    }

    private mutating func readStatistics(_ tag: XMLStartTag) -> WorkoutStatistics {
        WorkoutStatistics(
            type: text(tag, "type") ?? "", startDate: date(tag, "startDate"), endDate: date(tag, "endDate"),
            average: tag.value(of: "average")?.number, minimum: tag.value(of: "minimum")?.number,
            maximum: tag.value(of: "maximum")?.number, sum: tag.value(of: "sum")?.number, unit: text(tag, "unit"))
    }

    private mutating func readActivitySummary(_ tag: XMLStartTag, _ position: XMLPosition) throws {
        guard let day = text(tag, "dateComponents") else {
            statistics.skipped["ActivitySummary: missing attribute dateComponents", default: 0] += 1
            try sink.skipped(
                HealthSkip(
                    element: "ActivitySummary", type: nil,
                    reason: .missingAttribute("dateComponents"), position: position))
            return
        }
        func number(_ name: StaticString) -> Double? { tag.value(of: name)?.number }
        statistics.activitySummaries += 1
        try sink.accept(
            HealthActivitySummary(
                day: day, activeEnergyBurned: number("activeEnergyBurned"),
                activeEnergyBurnedGoal: number("activeEnergyBurnedGoal"),
                activeEnergyBurnedUnit: text(tag, "activeEnergyBurnedUnit"), appleMoveTime: number("appleMoveTime"),
                appleMoveTimeGoal: number("appleMoveTimeGoal"), appleExerciseTime: number("appleExerciseTime"),
                appleExerciseTimeGoal: number("appleExerciseTimeGoal"), appleStandHours: number("appleStandHours"),
                appleStandHoursGoal: number("appleStandHoursGoal")))
    }

    private mutating func readProfile(_ tag: XMLStartTag) throws {
        let attributes = tag.attributes.map { MetadataEntry(key: $0.name.string, value: $0.value.string) }
        func value(_ key: String) -> String? {
            attributes.first { $0.key == key }.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
        }
        let sex: String? =
            switch value("HKCharacteristicTypeIdentifierBiologicalSex") {
            case "HKBiologicalSexFemale": "female"
            case "HKBiologicalSexMale": "male"
            case "HKBiologicalSexOther": "other"
            default: nil
            }
        let blood = value("HKCharacteristicTypeIdentifierBloodType").flatMap { $0.hasSuffix("NotSet") ? nil : $0 }
        statistics.sawProfile = true
        try sink.accept(
            HealthProfile(
                birthDate: value("HKCharacteristicTypeIdentifierDateOfBirth"),
                biologicalSex: sex, bloodType: blood, attributes: attributes))
    }

    // MARK: Limits

    /// Refuses a record, correlation or workout that already has as many metadata entries as allowed.
    private func checkMetadata(_ count: Int, _ element: String, _ line: Int, _ position: XMLPosition) throws {
        guard count >= limits.metadataEntriesPerElement else { return }
        throw HealthExportError.limitExceeded(
            reason: "the <\(element)> at line \(line) has more than "
                + "\(limits.metadataEntriesPerElement) MetadataEntry elements", at: position)
    }

    /// Refuses an element that already has as many `child` elements as allowed.
    private func checkChildren(
        _ count: Int, _ child: String, _ element: String, _ line: Int,
        _ position: XMLPosition
    ) throws {
        guard count >= limits.childrenPerElement else { return }
        throw HealthExportError.limitExceeded(
            reason: "the <\(element)> at line \(line) has more than "
                + "\(limits.childrenPerElement) <\(child)> elements", at: position)
    }

    /// Counts a record type or activity type; refuses the export past `limits.distinctTypes`.
    private mutating func noteType(_ type: String, _ position: XMLPosition) throws {
        guard type != lastType else { return }
        lastType = type
        guard !typesSeen.contains(type) else { return }
        guard typesSeen.count < limits.distinctTypes else {
            throw HealthExportError.limitExceeded(
                reason: "more than \(limits.distinctTypes) distinct record and workout types (\(type) is one more)",
                at: position)
        }
        typesSeen.insert(type)
    }

    /// Counts an element Vitals does not import, by name up to `limits.namedUnsupportedElements` names.
    private mutating func countUnsupported(_ name: XMLBytes) {
        let key = name.string
        if statistics.unsupportedElements[key] == nil,
            statistics.unsupportedElements.count >= limits.namedUnsupportedElements
        {
            statistics.unsupportedElements[Self.otherElements, default: 0] += 1
        } else {
            statistics.unsupportedElements[key, default: 0] += 1
        }
    }

    /// The name under which unsupported elements past the named ones are counted.
    static var otherElements: String { "(elements of other names)" }

    // MARK: Attribute reading

    private mutating func metadataEntry(_ tag: XMLStartTag) -> MetadataEntry? {
        guard let key = tag.value(of: "key") else { return nil }
        let value = tag.value(of: "value")
        let text: String
        if let value, value.count <= 32 {
            text = interner.string(value)
        } else {
            if value?.containsControlCharacter == true { statistics.valuesWithControlCharacters += 1 }
            text = value?.string ?? ""
        }
        return MetadataEntry(key: interner.string(key), value: text)
    }

    private mutating func text(_ tag: XMLStartTag, _ name: StaticString) -> String? {
        tag.value(of: name).map { interner.string($0) }
    }

    private func date(_ tag: XMLStartTag, _ name: StaticString) -> HealthDate? {
        tag.value(of: name).flatMap { HealthDate.parse($0.base, count: $0.count) }
    }

    private mutating func noteCaseCollisions(_ metadata: [MetadataEntry]) {
        if let (first, second) = MetadataEntry.caseCollision(in: metadata) { noteCaseCollision(first, second) }
    }

    /// Counts one element whose metadata has `first` and `second`, equal but for case.
    private mutating func noteCaseCollision(_ first: String, _ second: String) {
        statistics.metadataCaseCollisions += 1
        let example = "\(first) / \(second)"
        if statistics.metadataCaseCollisionExamples.count < 5,
            !statistics.metadataCaseCollisionExamples.contains(example)
        {
            statistics.metadataCaseCollisionExamples.append(example)
        }
    }
}
