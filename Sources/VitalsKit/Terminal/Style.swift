/// The `--color` option: `auto` follows the environment, `always` and `never` force it.
public enum ColorMode: String, Sendable, CaseIterable {
    case auto, always, never
}

/// How many colours the terminal can show; `none` means no escape codes at all.
public enum ColorLevel: Int, Sendable, Comparable, CaseIterable {
    case none, ansi16, ansi256, truecolor

    public static func < (lhs: ColorLevel, rhs: ColorLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Decides the colour level from `--color`, the environment and whether stdout is a terminal.
///
/// A pure function of its inputs, so tests need no terminal. With `auto`, colour is off when
/// `NO_COLOR` is set to a non-empty value, stdout is not a terminal or `TERM=dumb`. `always`
/// wins over all three (an explicit flag overrides `NO_COLOR`, as no-color.org asks).
public enum ColorPolicy {
    /// The colour level to render with.
    public static func level(
        mode: ColorMode, environment: [String: String],
        stdoutIsTerminal: Bool
    ) -> ColorLevel {
        let term = environment["TERM"] ?? ""
        switch mode {
        case .never:
            return .none
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            if !stdoutIsTerminal || term == "dumb" { return .none }
        case .always:
            break
        }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }
}

/// How a run of text looks: a foreground colour, bold, dim.
///
/// Turned into ANSI SGR codes only when the colour level is not `none`.
public struct Style: Sendable, Hashable {
    public var foreground: RGB?
    public var bold: Bool
    public var dim: Bool

    public init(foreground: RGB? = nil, bold: Bool = false, dim: Bool = false) {
        self.foreground = foreground
        self.bold = bold
        self.dim = dim
    }

    /// No colour, no emphasis.
    public static let plain = Style()

    /// A style with a catalog colour (`#RGB`, `#RRGGBB` or a name; plain when it does not parse).
    public init(hex: String?, bold: Bool = false, dim: Bool = false) {
        self.init(foreground: hex.flatMap { RGB(color: $0) }, bold: bold, dim: dim)
    }

    /// The escape sequence that switches to this style, or "" when there is nothing to emit.
    public func sgr(for level: ColorLevel) -> String {
        guard level != .none else { return "" }
        var codes: [String] = []
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if let color = foreground {
            switch level {
            case .none: break
            case .ansi16: codes.append(String(color.ansi16Code))
            case .ansi256: codes.append("38;5;\(color.ansi256Index)")
            case .truecolor: codes.append("38;2;\(color.red);\(color.green);\(color.blue)")
            }
        }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The escape sequence that ends every style.
    public static let reset = "\u{1B}[0m"
}
