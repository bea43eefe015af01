import Foundation
import Testing

@testable import VitalsKit
@testable import VitalsSettings

/// The settings file: reading it (every problem with its line and column), resolving each
/// setting by precedence, and editing it in place.
@Suite struct SettingsFileTests {
    static let path = "/cfg/vitals/config.yaml"

    func parse(_ text: String) throws -> SettingsFile { try SettingsFile.parse(text, path: Self.path) }

    func problem(_ text: String) -> SettingsError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error as? SettingsError
        }
    }

    @Test func readsEveryKeyCanonically() throws {
        let file = try parse(
            """
            # mine
            units: imperial
            db: ~/health/v.sqlite
            subject: ollie
            day_cutoff: "4:00"
            weigh_in: Mean
            color: NEVER
            """)
        #expect(
            file.entries.mapValues(\.value) == [
                .units: "us", .db: "~/health/v.sqlite", .subject: "ollie", .dayCutoff: "04:00", .weighIn: "mean",
                .color: "never",
            ])
        #expect(file.entries[.units]?.location == SourceLocation(file: Self.path, line: 2, column: 8))
    }

    @Test func emptyAndMissingFilesHaveNoEntries() throws {
        #expect(try parse("").entries.isEmpty)
        #expect(try parse("# nothing yet\n").entries.isEmpty)
        let missing = try SettingsFile.load(path: "/nonexistent-\(UUID().uuidString)/config.yaml")
        #expect(missing.entries.isEmpty)
    }

    @Test func anUnknownKeyNamesTheClosestOne() throws {
        let error = try #require(problem("units: uk\ncolour: never\n"))
        #expect(error.kind == .unknownKey)
        #expect(error.description == "/cfg/vitals/config.yaml:2:1: unknown setting 'colour'; did you mean 'color'?")
        #expect(error.hint == "settings: " + SettingKey.names.joined(separator: ", "))
        #expect(error.hint?.contains(" color,") == true)
    }

    @Test func aBadValueIsReportedWhereItIs() throws {
        let error = try #require(problem("units: uk\nweigh_in: noon\n"))
        #expect(error.kind == .invalidValue)
        #expect(error.description == "/cfg/vitals/config.yaml:2:11: weigh_in must be first, last or mean, got 'noon'")
        #expect(try #require(problem("day_cutoff: 25:00")).location?.column == 13)
        #expect(try #require(problem("units:\n")).message.contains("no value"))
        #expect(try #require(problem("units: [uk]\n")).message.contains("a list"))
    }

    @Test func syntaxErrorsHaveALineAndColumn() throws {
        let error = try #require(problem("units: uk\ncolor: [never\n"))
        #expect(error.kind == .syntax)
        #expect(error.location?.line == 3)
        let list = try #require(problem("- units\n- uk\n"))
        #expect(list.description == "/cfg/vitals/config.yaml:1:1: settings must be a mapping of key: value, got a list")
        let duplicate = try #require(problem("units: uk\nunits: us\n"))
        #expect(duplicate.location?.line == 2)
    }

    @Test func precedenceIsFlagEnvironmentFileLocaleDefault() throws {
        let file = try parse("units: uk\ncolor: never\ndb: /file.sqlite\nweigh_in: last\n")
        let environment = ["VITALS_DB": "/env.sqlite", "LANG": "en_US.UTF-8", "HOME": "/home/me"]
        let settings = try Settings.resolve(
            flags: [.color: ("always", "--color")], environment: environment, file: file)
        #expect(settings[.color].origin == .flag && settings.color == .always)
        #expect(settings[.db].origin == .environment && settings.db?.path == "/env.sqlite")
        #expect(settings[.units].origin == .file && settings.units == .uk)
        #expect(settings[.units].source == "/cfg/vitals/config.yaml:1:8")
        #expect(settings.weighIn == .last)
        #expect(settings[.subject].origin == .default && settings.subject == "me")
        #expect(settings.dayCutoffMinutes == nil)

        let fromLocale = try Settings.resolve(environment: environment, file: nil)
        #expect(fromLocale[.units].origin == .locale && fromLocale.units == .us)
        #expect(fromLocale[.units].source == "LANG=en_US.UTF-8")
        let plain = try Settings.resolve(environment: ["LANG": "C.UTF-8", "HOME": "/home/me"], file: nil)
        #expect(plain[.units].origin == .default && plain.chosenUnits == nil)
        #expect(plain[.db].value == "/home/me/.local/share/vitals/vitals.sqlite")
        let fromEnvironment = try Settings.resolve(environment: ["VITALS_UNITS": "imperial"], file: file)
        #expect(fromEnvironment[.units].origin == .environment && fromEnvironment.units == .us)
    }

    @Test func aBadFlagOrVariableNamesWhereItCameFrom() {
        #expect(throws: SettingsError.self) {
            try Settings.resolve(flags: [.units: ("furlongs", "--units")], environment: [:], file: nil)
        }
        do {
            _ = try Settings.resolve(environment: ["VITALS_UNITS": "furlongs"], file: nil)
            Issue.record("accepted furlongs")
        } catch {
            #expect(error.message == "$VITALS_UNITS: units must be metric, us or uk (imperial is us), got 'furlongs'")
        }
    }

    @Test func thePathFollowsXDG() {
        #expect(SettingsFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/vitals/config.yaml")
        #expect(
            SettingsFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"])
                == "/h/.config/vitals/config.yaml")
        #expect(SettingsFile.path(environment: ["HOME": "/h"]) == "/h/.config/vitals/config.yaml")
    }

    @Test func settingAKeyKeepsTheOtherKeysAndComments() throws {
        let file = try parse("# my settings\nunits: us   # at home\n\ncolor: never\n")
        #expect(file.text(setting: .units, to: "uk") == "# my settings\nunits: uk   # at home\n\ncolor: never\n")
        #expect(
            file.text(setting: .weighIn, to: "first")
                == "# my settings\nunits: us   # at home\n\ncolor: never\nweigh_in: first\n")
        let flow = try parse("{units: us, color: never}\n")
        #expect(flow.text(setting: .units, to: "uk") == "units: uk\ncolor: never\n")
        let quoted = try parse("").text(setting: .db, to: "/my data/vitals: new.sqlite")
        #expect(try parse(quoted).entries[.db]?.value == "/my data/vitals: new.sqlite")
        #expect(try parse(try parse("").text(setting: .subject, to: "yes")).entries[.subject]?.value == "yes")
        #expect(try parse(try parse("").text(setting: .dayCutoff, to: "04:00")).entries[.dayCutoff]?.value == "04:00")
    }

    @Test func settingABrokenKeyRepairsIt() throws {
        let text = "units: furlongs  # oops\ncolor: never\n"
        #expect(throws: SettingsError.self) { try SettingsFile.parse(text, path: "config.yaml") }
        // Another key's bad value still stops the run; this key's is what `set` replaces.
        #expect(throws: SettingsError.self) { try SettingsFile.parse(text, path: "config.yaml", repairing: .color) }
        let repaired = try SettingsFile.parse(text, path: "config.yaml", repairing: .units).text(
            setting: .units, to: "uk")
        #expect(repaired == "units: uk  # oops\ncolor: never\n")
        #expect(try parse(repaired).entries[.units]?.value == "uk")
    }

    @Test func writingCreatesTheDirectoryAndReplacesTheFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitals-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("vitals/config.yaml").path
        try SettingsFile.write("units: uk\n", to: path)
        try SettingsFile.write(try SettingsFile.load(path: path).text(setting: .color, to: "always"), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "units: uk\ncolor: always\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("vitals").path)
        #expect(leftovers == ["config.yaml"])
        #expect(throws: SettingsError.self) { try SettingsFile.load(path: root.path) }  // a directory
    }
}
