import Foundation
import Testing

@testable import VitalsKit
@testable import VitalsSettings

/// A bounded mutation loop over the settings file: seeded edits of a valid file (bytes
/// flipped, YAML punctuation inserted, lines cut, duplicated or swapped) are either read or
/// refused with a `SettingsError` whose line lies in the file, and never crash or hang.
@Suite struct SettingsMutationTests {
    static let seed = """
        # Vitals settings
        units: uk
        db: "~/health/vitals.sqlite"
        subject: me
        day_cutoff: "04:00"
        weigh_in: first
        color: auto

        """
    static let punctuation = Array(":{}[]-#&*!|>'\"%@`,? \t\n\\".utf8) + [0xC3, 0xFF, 0x00]

    static func mutate(_ text: String, _ random: inout SplitMix) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(punctuation.randomElement(using: &random)!, at: at)
            case 2 where !bytes.isEmpty:
                bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...12, using: &random)))
            case 3: bytes = Array(bytes[..<at])
            case 4:
                var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
                if let line = lines.randomElement(using: &random) {
                    lines.insert(line, at: Int.random(in: 0...lines.count, using: &random))
                }
                bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            default:
                let key = SettingKey.names.randomElement(using: &random)!
                bytes.insert(contentsOf: Array("\n\(key): ".utf8), at: at)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func mutatedFilesAreReadOrRefusedWithALocation() {
        var random = SplitMix(seed: 18)
        var refused = 0
        for _ in 0..<3000 {
            let text = Self.mutate(Self.seed, &random)
            do {
                let file = try SettingsFile.parse(text, path: "config.yaml")
                for (key, entry) in file.entries {
                    // What is read is a value the key takes, written canonically.
                    #expect((try? key.normalize(entry.value)) == entry.value, "\(key): \(entry.value)")
                }
            } catch {
                refused += 1
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                if let location = error.location {
                    #expect(location.line >= 1 && location.line <= lines + 1, "\(location) in \(lines) lines:\n\(text)")
                    #expect(location.column >= 1)
                } else {
                    Issue.record("no location for '\(error.message)' in:\n\(text)")
                }
            }
        }
        // The loop exercised both outcomes.
        #expect(refused > 100 && refused < 3000)
    }
}
