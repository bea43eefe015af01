/// `vitals render`'s default: the screens as the terminal shows them, every line as wide as the
/// profile, two blank lines between screens.
public enum TextScreenFormat: ScreenFormat {
    public static let id = "text"
    public static let summary = "the screens as drawn in the terminal (colour when --color says so)"
    public static let text = OutputText.text

    public static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String {
        var out = ""
        let blank = String(repeating: " ", count: profile.width) + "\n"
        for (index, screen) in screens.enumerated() {
            if index > 0 { out += blank + blank }
            out += screen.lines(width: profile.width).joined(separator: "\n") + "\n"
        }
        return out
    }
}
