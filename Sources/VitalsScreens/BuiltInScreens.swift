import GezondheidScreen
import HistoryScreen
import PregnancyScreen
import ProteinScreen
import SleepScreen
import TodayScreen
import VegetablesScreen
import VitalsKit

/// The one list of built-in custom screen modules; every other screen gets the generic one.
public enum BuiltInScreenModules {
    /// Every custom module, once.
    public static let all: [any ScreenModule] = [
        ProteinScreen(),
        VegetablesScreen(),
        GezondheidScreen(),
        SleepScreen(),
        TodayScreen(),
        HistoryScreen(),
        PregnancyScreen(),
    ]

    /// The registry of `all`; a duplicate `screen_id` stops the program here, and a test
    /// checks the list so that never ships.
    public static let registry: ScreenRegistry = {
        do { return try ScreenRegistry(all) } catch { fatalError("\(error)") }
    }()

    /// Screen ids that have a custom module, in list order.
    public static var screenIDs: [String] { registry.customScreenIDs }
}
