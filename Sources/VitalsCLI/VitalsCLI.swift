import Foundation
import VitalsKit
import VitalsScreens

/// `vitals` as a library: a package elsewhere depends on the `VitalsCLI` product, adds its own
/// screen modules and chart kinds, and builds its own `vitals` with them —
///
/// ```swift
/// import VitalsCLI
/// VitalsCLI.main(screens: [WaterScreen()], chartKinds: [RingChart.self])
/// ```
///
/// The added screens and kinds are known to every command: `validate` accepts their
/// `chart_type_id`s and checks their configs, `schema` lists them, `render` and `explore` draw
/// them, `tree` marks the screens as custom.
public enum VitalsCLI {
    /// The screen modules of this run: the built-in ones and those `main` was given.
    @TaskLocal static var screens: ScreenRegistry = BuiltInScreenModules.registry

    /// Runs the command line with the built-in screens and chart kinds plus `screens` and
    /// `chartKinds`. A module that claims a `screen_id` a built-in one serves stops the
    /// program with exit 2 before anything runs.
    public static func main(screens added: [any ScreenModule] = [], chartKinds: [any ChartKind.Type] = []) {
        StandardOutput.ignoreBrokenPipeSignal()
        // The top-level help and the version need no screens, kinds or ArgumentParser.
        if QuickHelp.answer(Array(CommandLine.arguments.dropFirst())) { exit(0) }
        let registry: ScreenRegistry
        do {
            registry = try ScreenRegistry(BuiltInScreenModules.all + added)
        } catch {
            printError("vitals: error: \(error.description); each screen_id has at most one module")
            exit(ExitReason.usage.exitCode)
        }
        $screens.withValue(registry) {
            ChartKindFactory.withKinds(chartKinds) {
                Vitals.main()
            }
        }
    }
}
