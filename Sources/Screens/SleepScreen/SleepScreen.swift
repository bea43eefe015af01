import VitalsKit

/// The Sleep screen (SCREEN_SLEEP). For now the generic layout; its own layout follows.
public struct SleepScreen: ScreenModule {
    public static let screenID = "SCREEN_SLEEP"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        var document = try GenericScreen().render(context, config: NoScreenConfig())
        document.module = Self.screenID
        return document
    }
}
