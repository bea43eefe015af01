import Foundation

/// Collects a module's config diagnostics, all under the rule id `screen-config`.
public struct ConfigProblems: Sendable {
    /// The rule id config diagnostics carry.
    public static let ruleID = "screen-config"

    public let screen: DisplayScreen
    public package(set) var diagnostics: [Diagnostic] = []

    public init(screen: DisplayScreen) { self.screen = screen }

    /// Where a problem with `node` is reported: the node, else the screen's `config` key.
    public func location(of node: YAMLNode?) -> SourceLocation {
        node?.location ?? screen.location(of: "config")
    }

    public mutating func error(_ message: String, at node: YAMLNode?) {
        diagnostics.append(
            Diagnostic(
                .error, rule: Self.ruleID, "\(screen.id) config: \(message)",
                at: location(of: node)))
    }

    public mutating func warning(_ message: String, at node: YAMLNode?) {
        diagnostics.append(
            Diagnostic(
                .warning, rule: Self.ruleID, "\(screen.id) config: \(message)",
                at: location(of: node)))
    }
}
