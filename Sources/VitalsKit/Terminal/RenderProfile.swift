/// How numbers are written: the decimal separator of the user's locale.
public struct NumberStyle: Sendable, Hashable {
    /// "." or ",".
    public var decimalSeparator: Character

    public init(decimalSeparator: Character) { self.decimalSeparator = decimalSeparator }

    /// `1234.5`.
    public static let point = NumberStyle(decimalSeparator: ".")
    /// `1234,5` (Dutch, German, French …).
    public static let comma = NumberStyle(decimalSeparator: ",")

    /// The style of `LC_ALL`, else `LC_NUMERIC`, else `LANG`: a decimal comma for languages
    /// that write one (`nl`, `de`, `fr`, …), a point otherwise.
    public static func detect(environment: [String: String]) -> NumberStyle {
        let locale = LocaleEnvironment.locale("LC_NUMERIC", in: environment)
        let language = locale.prefix { $0.isLetter }.lowercased()
        let commaLanguages: Set<String> = [
            "nl", "de", "fr", "es", "it", "pt", "da", "sv", "nb", "nn", "no", "fi", "pl", "cs",
            "sk", "sl", "hr", "hu", "ro", "ru", "uk", "tr", "el", "id", "vi", "af", "be", "bg",
        ]
        return commaLanguages.contains(language) ? .comma : .point
    }

    /// `value` with exactly `decimals` fraction digits (0…6), rounded half away from zero.
    public func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let digits = max(0, min(6, decimals))
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(Int64(value)) }
        let whole = Int64(scaled) / Int64(scale)
        let fraction = Int64(scaled) % Int64(scale)
        var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fractionText = String(fraction)
            text.append(decimalSeparator)
            text += String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return text
    }

    /// `value` with as few decimals as reads well: none from 100, one from 10 (dropped when
    /// zero), otherwise up to two with trailing zeros dropped.
    public func format(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        var text = format(value, decimals: decimals)
        if decimals > 0 {
            while text.last == "0" { text.removeLast() }
            if text.last == decimalSeparator { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

/// The width is below what charts can be drawn in.
public struct WidthTooSmallError: Error, Sendable, CustomStringConvertible {
    public var width: Int
    /// Where the width came from: "--width", "the terminal", "$COLUMNS".
    public var source: String

    public var description: String {
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

    public init(width: Int, colorLevel: ColorLevel = .none, glyphs: Glyphs = .unicode,
                numbers: NumberStyle = .point) {
        self.width = width; self.colorLevel = colorLevel; self.glyphs = glyphs
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
    ///   - environment, stdoutIsTerminal, terminalColumns: injectable for tests.
    /// - Throws: `WidthTooSmallError` when the resulting width is under `minimumWidth`.
    public static func resolve(
        width: Int?, color: ColorMode, ascii: Bool,
        environment: [String: String] = ProcessEnvironment.variables,
        stdoutIsTerminal: Bool = TerminalSize.stdoutIsTerminal,
        terminalColumns: Int? = TerminalSize.stdoutColumns()
    ) throws(WidthTooSmallError) -> RenderProfile {
        let columns = TerminalSize.columns(override: width, terminalColumns: terminalColumns,
                                           environment: environment)
        if columns < minimumWidth {
            let source = width != nil ? "--width" : terminalColumns != nil ? "the terminal" : "$COLUMNS"
            throw WidthTooSmallError(width: columns, source: source)
        }
        return RenderProfile(
            width: columns,
            colorLevel: ColorPolicy.level(mode: color, environment: environment,
                                          stdoutIsTerminal: stdoutIsTerminal),
            glyphs: Glyphs.detect(ascii: ascii, environment: environment),
            numbers: NumberStyle.detect(environment: environment))
    }
}
