import Foundation

/// The environment variables of this process, as a plain dictionary.
public enum ProcessEnvironment {
    /// `ProcessInfo.processInfo.environment`.
    public static var variables: [String: String] { ProcessInfo.processInfo.environment }
}
