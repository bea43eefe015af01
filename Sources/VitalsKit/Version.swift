/// The version of Vitals: `vitals --version`, SARIF's `tool.driver.version` and the man page say it.
/// Raise it with every release (semantic versioning; the README's Install section shows it).
public enum VitalsKitVersion { public static let string = "0.3.0" }
