#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal stdout writes to, and whether stdout is a terminal at all.
public enum TerminalSize {
    /// The width used when nothing says otherwise.
    public static let defaultColumns = 80

    /// Columns of the terminal on stdout (`TIOCGWINSZ`), or nil when stdout is not a terminal.
    public static func stdoutColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether stdout is a terminal (`isatty`).
    public static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// The width to render at: `override` (`--width`), else the terminal's columns, else a
    /// positive `$COLUMNS`, else 80. Pure, so tests pass the inputs in.
    public static func columns(
        override: Int?, terminalColumns: Int?,
        environment: [String: String]
    ) -> Int {
        if let override { return override }
        if let terminalColumns, terminalColumns > 0 { return terminalColumns }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return defaultColumns
    }
}
