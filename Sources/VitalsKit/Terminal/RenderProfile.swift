/// The width is below what charts can be drawn in.
public struct WidthTooSmallError: VitalsError {
    public var width: Int
    /// Where the width came from: "--width", "the terminal", "$COLUMNS".
    public var source: String

    /// A `--width` too small is a bad argument; a terminal or `$COLUMNS` too narrow is a
    /// place the command cannot run in.
    public var kind: VitalsErrorKind { source == "--width" ? .badArgument : .cannotRun }

    public var message: String {
        "a width of \(width) columns (from \(source)) is too narrow; charts need at least "
            + "\(RenderProfile.minimumWidth) columns (use --width \(RenderProfile.minimumWidth) or more)"
    }
}

/// Everything about the output a chart needs: width, colour level, glyphs, number style.
///
/// Build one per command run with `resolve(width:color:ascii:)`; tests build fixed ones with
/// the memberwise initializer.
public struct RenderProfile: Sendable {
    /// Charts are never drawn narrower than this.
    public static let minimumWidth = 40

    /// Display columns of every rendered line.
    public var width: Int
    public var colorLevel: ColorLevel
    public var glyphs: Glyphs
    public var numbers: NumberStyle

    public init(
        width: Int, colorLevel: ColorLevel = .none, glyphs: Glyphs = .unicode,
        numbers: NumberStyle = .point
    ) {
        self.width = width
        self.colorLevel = colorLevel
        self.glyphs = glyphs
        self.numbers = numbers
    }

    /// Whether ANSI colour codes are emitted.
    public var usesColor: Bool { colorLevel != .none }

    /// The profile for this process from the command-line options and the environment.
    ///
    /// - Parameters:
    ///   - width: `--width`, which wins over the terminal and `$COLUMNS`.
    ///   - color: `--color auto|always|never`.
    ///   - ascii: `--ascii`; a locale that is not UTF-8 also gives ASCII glyphs.
    ///   - environment: the process environment (injectable for tests).
    ///   - stdoutIsTerminal: whether standard output is a terminal (injectable for tests).
    ///   - terminalColumns: the terminal's width, nil when unknown (injectable for tests).
    /// - Throws: `WidthTooSmallError` when the resulting width is under `minimumWidth`.
    public static func resolve(
        width: Int?, color: ColorMode, ascii: Bool,
        environment: [String: String] = ProcessEnvironment.variables,
        stdoutIsTerminal: Bool = TerminalSize.stdoutIsTerminal,
        terminalColumns: Int? = TerminalSize.stdoutColumns()
    ) throws(WidthTooSmallError) -> RenderProfile {
        let columns = TerminalSize.columns(
            override: width, terminalColumns: terminalColumns,
            environment: environment)
        if columns < minimumWidth {
            let source = width != nil ? "--width" : terminalColumns != nil ? "the terminal" : "$COLUMNS"
            throw WidthTooSmallError(width: columns, source: source)
        }
        return RenderProfile(
            width: columns,
            colorLevel: ColorPolicy.level(
                mode: color, environment: environment,
                stdoutIsTerminal: stdoutIsTerminal),
            glyphs: Glyphs.detect(ascii: ascii, environment: environment),
            numbers: NumberStyle.detect(environment: environment))
    }
}
