import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

/// `vitals` as a library: a package elsewhere depends on the `VitalsCLI` product, adds its own
/// screen modules, chart kinds, store backends and commands, and builds its own `vitals` with
/// them —
///
/// ```swift
/// import VitalsCLI
/// VitalsCLI.main(screens: [WaterScreen()], chartKinds: [RingChart.self])
/// ```
///
/// The added screens and kinds are known to every command: `validate` accepts their
/// `chart_type_id`s and checks their configs, `schema` lists them, `render` and `explore` draw
/// them, `tree` marks the screens as custom. An added store backend serves the locations of its
/// URL schemes wherever a command takes `--db` or `--catalog`; added commands are listed after
/// the built-in ones (the `vitals` executable built with the `PostgreSQL` trait adds `push`,
/// `pull`, `grant`, `revoke` and `catalog` this way).
public enum VitalsCLI {
    /// The screen modules of this run: the built-in ones and those `main` was given.
    @TaskLocal static var screens: ScreenRegistry = BuiltInScreenModules.registry

    /// Runs the command line with the built-in screens and chart kinds plus `screens` and
    /// `chartKinds`, the SQLite store plus `storeBackends`, and the built-in commands plus
    /// `commands`. A module that claims a `screen_id` a built-in one serves stops the program
    /// with exit 2 before anything runs.
    public static func main(screens added: [any ScreenModule] = [], chartKinds: [any ChartKind.Type] = [],
                            storeBackends: [any StoreBackend.Type] = [], commands: [any ParsableCommand.Type] = []) {
        StandardOutput.ignoreBrokenPipeSignal()
        Vitals.addedCommands = commands
        for backend in storeBackends { StoreBackends.register(backend) }
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
