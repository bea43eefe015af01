import VitalsKit

/// The Vegetables screen (SCREEN_VEGETABLES). For now the generic layout; its own layout follows.
public struct VegetablesScreen: ScreenModule {
    public static let screenID = "SCREEN_VEGETABLES"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        var document = try GenericScreen().render(context, config: NoScreenConfig())
        document.module = Self.screenID
        return document
    }
}
