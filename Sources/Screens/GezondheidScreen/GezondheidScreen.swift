import VitalsKit

/// The Gezondheid screen (SCREEN_GEZONDHEID). For now the generic layout; its own layout follows.
public struct GezondheidScreen: ScreenModule {
    public static let screenID = "SCREEN_GEZONDHEID"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        var document = try GenericScreen().render(context, config: NoScreenConfig())
        document.module = Self.screenID
        return document
    }
}
