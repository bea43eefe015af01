/// The box a chart's SVG is drawn in, in CSS pixels, and the profile whose number style
/// writes its values (the same digits as the terminal's).
public struct ChartSize: Sendable {
    public var width: Double
    public var height: Double
    public var profile: RenderProfile

    public init(width: Double = 640, height: Double = 240, profile: RenderProfile = RenderProfile(width: 80)) {
        self.width = width
        self.height = height
        self.profile = profile
    }

    /// The size reports use.
    public static let report = ChartSize()
}
