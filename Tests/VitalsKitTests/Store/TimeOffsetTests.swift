import Foundation
import Testing

@testable import VitalsKit

/// Issue #13 item 7: a typed UTC offset the store would refuse (beyond ±18:00) is refused
/// when it is read, with the usual message, never by SQLite's CHECK.
@Suite("typed UTC offsets stay within ±18:00")
struct TimeOffsetTests {
    @Test(
        "offsets up to ±18:00 are read, beyond are not",
        arguments: [
            ("+18:00", 64_800), ("-18:00", -64_800), ("+05:45", 20_700), ("-0930", -34_200), ("+02", 7200),
        ])
    func accepted(text: String, seconds: Int) {
        #expect(TimeParser.zoneOffset(text) == seconds)
    }

    @Test("beyond ±18:00 or not digits", arguments: ["+18:30", "-18:01", "+19", "+1900", "+-5:00", "+-99:00", "+ab"])
    func refused(text: String) {
        #expect(TimeParser.zoneOffset(text) == nil)
    }
}
