import VitalsKit

/// The Protein screen (SCREEN_PROTEIN). For now the generic layout; its own layout follows.
public struct ProteinScreen: ScreenModule {
    public static let screenID = "SCREEN_PROTEIN"

    public init() {}

    public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
        var document = try GenericScreen().render(context, config: NoScreenConfig())
        document.module = Self.screenID
        return document
    }
}
