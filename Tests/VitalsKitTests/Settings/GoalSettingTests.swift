import Foundation
import Testing

@testable import VitalsKit
@testable import VitalsSettings

/// The `goal` setting: normalized to kg, read back as a `WeightGoal`, and removed without
/// touching the other keys and comments.
@Suite struct GoalSettingTests {
    @Test func aGoalIsKeptInKilograms() throws {
        #expect(try SettingKey.goal.normalize("160 lb by 2027-03-01") == "72.57 kg by 2027-03-01")
        #expect(try SettingKey.goal.normalize("72kg") == "72 kg")
        #expect(throws: SettingsError.self) { try SettingKey.goal.normalize("72 kg by March") }
        #expect(throws: SettingsError.self) { try SettingKey.goal.normalize("5 kg") }
    }

    @Test func removingTheGoalKeepsTheRest() throws {
        let file = try SettingsFile.parse(
            "# mine\nunits: uk\ngoal: 72 kg   # summer\ncolor: never\n", path: "config.yaml")
        #expect(file.text(setting: .goal, to: nil) == "# mine\nunits: uk\ncolor: never\n")
        #expect(file.text(setting: .weighIn, to: nil) == file.text)
        let flow = try SettingsFile.parse("{units: uk, goal: 72 kg}\n", path: "config.yaml")
        #expect(flow.text(setting: .goal, to: nil) == "units: uk\n")
    }
}
