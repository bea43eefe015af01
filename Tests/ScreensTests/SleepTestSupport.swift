import Foundation
import VitalsKit
import XCTest

/// Sleep samples written as an export writes them, and the JSON of rendered blocks.
enum SleepTestSupport {
    /// A `sleep_analysis` sample from `"2025-10-26 02:30 +0100"` to another such time, at the
    /// start's UTC offset (as an import stores it).
    static func sample(_ from: String, _ to: String, _ category: String, _ source: String) -> Sample {
        let (start, offset) = instant(from)
        let (end, _) = instant(to)
        return Sample(
            seriesID: "sleep_analysis", start: start, end: end, utcOffsetSeconds: offset,
            value: end.timeIntervalSince(start) / 60, category: category, source: source)
    }

    /// The instant and UTC offset of `"YYYY-MM-DD HH:MM ±HHMM"`.
    static func instant(_ text: String) -> (Date, Int) {
        let parts = text.split(separator: " ")
        let day = LocalDate(iso: String(parts[0]))!
        let clock = parts[1].split(separator: ":").map { Int($0)! }
        let zone = String(parts[2])
        let sign = zone.hasPrefix("-") ? -1 : 1
        let digits = Int(zone.dropFirst())!
        let offset = sign * ((digits / 100) * 3600 + (digits % 100) * 60)
        let date = day.midnight(utcOffsetSeconds: offset).addingTimeInterval(
            TimeInterval(clock[0] * 3600 + clock[1] * 60))
        return (date, offset)
    }

    /// A store holding `samples`.
    static func store(_ samples: [Sample]) throws -> SampleStore {
        let store = try SampleStore.inMemory()
        _ = try store.insert(samples)
        return store
    }

    /// What a helper did not find; thrown rather than recorded with `XCTUnwrap`, since Swift
    /// Testing tests call these too (an XCTest assertion there lands in whichever XCTest case
    /// the process is running, not in the test).
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// A block's data as Foundation objects.
    static func object(_ block: ScreenBlock?) throws -> [String: Any] {
        guard let block else { throw Missing(description: "no such block") }
        let object = try JSONSerialization.jsonObject(with: Data(block.data.text().utf8))
        guard let fields = object as? [String: Any] else { throw Missing(description: "not an object: \(object)") }
        return fields
    }

    /// The values of a chart block's points, by date.
    static func pointValues(_ block: ScreenBlock?) throws -> [String: Double] {
        guard let points = try object(block)["points"] as? [[String: Any]] else {
            throw Missing(description: "no points")
        }
        var values: [String: Double] = [:]
        for point in points {
            if let date = point["date"] as? String, let value = point["value"] as? Double { values[date] = value }
        }
        return values
    }

    /// Hours as whole minutes (values are written with a few decimals).
    static func minutes(_ hours: Double?) -> Int? { hours.map { Int(($0 * 60).rounded()) } }
}
