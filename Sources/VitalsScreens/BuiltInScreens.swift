import VitalsKit

/// The one list of built-in custom screen modules, by the screen_id each serves.
public enum BuiltInScreenModules {
    /// Screen ids that have a custom module (filled in as modules are added).
    public static let screenIDs: [String] = []
}
