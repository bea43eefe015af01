/// A way a command writes what it made, named by `--format`: the screens of `vitals render`
/// (``ScreenFormat``) or the findings of `vitals validate` (``DiagnosticFormat``). The built-in
/// ones (`text` and `json` screens; `text`, `json`, `github` and `sarif` findings) come in
/// ``Extensions/sdk`` the same way a plug-in's come in ``Extensions/init(screens:chartKinds:rules:storeBackends:importers:outputFormats:)``.
///
/// A format is a pure function of plain values: it returns the whole text, and the command
/// writes it through its one sanitising writer as the ``OutputText`` the format says it is
/// (so a format never has to strip escape sequences a catalog or a database brought in).
public protocol OutputFormat: Sendable {
    /// The name `--format` takes: lower-case letters, digits and `-`, unique among the formats
    /// of its command.
    static var id: String { get }
    /// What the format writes, in one line (`vitals render --formats`, `vitals validate --formats`).
    static var summary: String { get }
    /// What the text is: `.text` (made safe for a terminal), `.json` or `.html` (characters
    /// escaped the way that language escapes them).
    static var text: OutputText { get }
}

/// A format of drawn screens: `vitals render --format ID` (with `--watch` too).
public protocol ScreenFormat: OutputFormat {
    /// The screens, in the order they were asked for, drawn for `profile` (its width, colour,
    /// glyphs and number format), as one text.
    static func write(_ screens: [ScreenDocument], profile: RenderProfile) -> String
}
