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

    /// The registry of `all` (a test checks that no two claim one `screen_id`).
    public static var registry: ScreenRegistry { Extensions.builtInScreens.screens }

    /// Screen ids that have a custom module, in list order.
    public static var screenIDs: [String] { registry.customScreenIDs }
}

extension Extensions {
    /// The built-in screen modules, given the way a plug-in gives its own.
    public static let builtInScreens = Extensions(screens: BuiltInScreenModules.all)
}
