import Foundation
import Testing

@testable import VitalsKit

/// `vitals edit ID VALUE --at HH:MM` moves an entry within its own day (the day `vitals entries
/// --day` lists it under), never to today: around midnight with a morning or evening day
/// cutoff, across a clock change, and for an entry written at another offset.
@Suite struct EditTimeTests {
    /// Amsterdam, "now" on 25 Nov 2026.
    static let parser = TimeParser(
        timeZone: TimeZone(identifier: "Europe/Amsterdam")!,
        now: StoreFixtures.time("2026-11-25T10:00:00+01:00").date)

    /// The entry at `entry` moved to `clock`, written back as ISO text with its offset.
    static func moved(_ entry: String, to clock: String, cutoff: Int = 0) throws -> String {
        let old = StoreFixtures.time(entry)
        let new = try parser.parse(
            clock, withinDayOf: old.date, utcOffsetSeconds: old.utcOffsetSeconds, cutoffMinutes: cutoff)
        return TimeParser.format(new.date, utcOffsetSeconds: new.utcOffsetSeconds)
    }

    @Test func aClockTimeKeepsTheEntrysDay() throws {
        #expect(try Self.moved("2026-11-20T08:00:00+01:00", to: "12:30") == "2026-11-20T12:30:00+01:00")
        #expect(try Self.moved("2026-11-20T23:59:00+01:00", to: "00:00") == "2026-11-20T00:00:00+01:00")
        #expect(try Self.moved("2026-11-20T00:10:00+01:00", to: "23:50:30") == "2026-11-20T23:50:30+01:00")
    }

    /// With a 04:00 cutoff, 01:30 on 21 Nov belongs to 20 Nov: a time before the cutoff is the
    /// night after the day, one from it on the day itself.
    @Test func aMorningCutoffKeepsTheNightWithItsDay() throws {
        #expect(try Self.moved("2026-11-21T01:30:00+01:00", to: "23:30", cutoff: 240) == "2026-11-20T23:30:00+01:00")
        #expect(try Self.moved("2026-11-20T22:00:00+01:00", to: "01:30", cutoff: 240) == "2026-11-21T01:30:00+01:00")
        #expect(try Self.moved("2026-11-20T22:00:00+01:00", to: "04:00", cutoff: 240) == "2026-11-20T04:00:00+01:00")
    }

    /// With an 18:00 cutoff (a night belongs to the date it ends on), 22:00 is the evening before.
    @Test func anEveningCutoffPutsTheEveningBeforeTheDate() throws {
        #expect(try Self.moved("2026-11-20T07:00:00+01:00", to: "22:00", cutoff: 1080) == "2026-11-19T22:00:00+01:00")
        #expect(try Self.moved("2026-11-19T23:00:00+01:00", to: "06:15", cutoff: 1080) == "2026-11-20T06:15:00+01:00")
    }

    /// Clocks went forward on 29 Mar 2026 at 02:00: an entry of 01:30 (+01:00) moved to 12:30
    /// takes the summer offset; back on 25 Oct, 23:00 is winter time again.
    @Test func aClockChangeGivesTheOffsetInForceAtTheNewTime() throws {
        #expect(try Self.moved("2026-03-29T01:30:00+01:00", to: "12:30") == "2026-03-29T12:30:00+02:00")
        #expect(try Self.moved("2026-10-25T01:30:00+02:00", to: "23:00") == "2026-10-25T23:00:00+01:00")
    }

    /// A weigh-in written in Tokyo (or by a scale in UTC) keeps its own wall clock.
    @Test func anEntryWrittenElsewhereKeepsItsOffset() throws {
        #expect(try Self.moved("2026-11-20T08:00:00+09:00", to: "07:15") == "2026-11-20T07:15:00+09:00")
        #expect(try Self.moved("2026-11-20T06:00:00Z", to: "06:30") == "2026-11-20T06:30:00+00:00")
    }

    /// Other forms read as `vitals log` reads them; nonsense is refused as there.
    @Test func otherFormsAreReadAsForLog() throws {
        #expect(try Self.moved("2026-11-20T08:00:00+01:00", to: "2026-11-18T09:00") == "2026-11-18T09:00:00+01:00")
        #expect(try Self.moved("2026-11-20T08:00:00+01:00", to: "yesterday 09:00") == "2026-11-24T09:00:00+01:00")
        #expect(throws: EntryError.self) { try Self.moved("2026-11-20T08:00:00+01:00", to: "25:00") }
    }
}
