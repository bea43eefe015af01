/// A module's typed config made from a declared block: `ConfigValues<Keys>` itself, or a type
/// of the module's own built from it (checking what the keys cannot say alone: two keys that
/// exclude each other, a series the catalog must declare). A `ScreenModule` whose `Config` is
/// one decodes, validates and documents its `config:` block from `Keys` with no code.
public protocol DeclaredConfig: Sendable {
    associatedtype Keys: ConfigDeclaration
    /// The config of `values`; problems go into `problems` at their nodes (nil then).
    init?(_ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog, problems: inout ConfigProblems)
}

extension ConfigValues: DeclaredConfig {
    public init?(
        _ values: ConfigValues<Keys>, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) {
        self = values
    }
}

extension DeclaredConfig {
    /// Decodes a screen's `config` block (nil: none, every key absent); nil on any error.
    public static func decode(
        _ node: YAMLNode?, of screen: DisplayScreen, in catalog: Catalog,
        problems: inout ConfigProblems
    ) -> Self? {
        let before = problems.errorCount
        guard let values = ConfigValues<Keys>.decode(node, named: "config", problems: &problems) else { return nil }
        let config = Self(values, of: screen, in: catalog, problems: &problems)
        return problems.errorCount == before ? config : nil
    }
}
