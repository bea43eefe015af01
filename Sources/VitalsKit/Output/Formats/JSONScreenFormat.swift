/// `{"screens": [...]}`: each screen's blocks with the numbers they show (`ScreenDocument.json`).
public enum JSONScreenFormat: ScreenFormat {
    public static let id = "json"
    public static let summary = "each screen's blocks and the numbers they show, as JSON"
    public static let text = OutputText.json

    public static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String {
        JSONValue.object([("screens", .array(screens.map(\.json)))]).text() + "\n"
    }
}
