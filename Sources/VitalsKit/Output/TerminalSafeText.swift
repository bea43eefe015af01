/// What a piece of output is, which decides how a character that must not reach a terminal
/// is taken out of it.
public enum OutputText: Sendable {
    /// Text for people (screens, tables, messages, CSV, Markdown, workflow annotations):
    /// escape sequences, control, bidirectional and invisible characters are dropped
    /// (`Sanitize`), newlines and tabs kept.
    case text
    /// Text drawn in colour: as `text`, but the colour codes vitals itself writes
    /// (`Style.sgr`: bold, dim, a foreground colour, reset) are kept.
    case styled
    /// JSON (and SARIF): each such character is written as its `\uXXXX` escape, which reads
    /// back to the same string (JSON encoders leave DEL, C1 and format characters raw).
    case json
    /// HTML: each such character as a character reference `&#xXXXX;`, the same text to a browser.
    case html
}

/// The filter every byte vitals prints to standard output or standard error passes
/// (`StandardOutput`, `printError` in the CLI), so that no command has to remember to
/// sanitise what came from a catalog, a database or an argument.
public enum TerminalSafeText {
    /// `text` made safe for a terminal as `kind` says.
    public static func filter(_ text: String, as kind: OutputText) -> String {
        if !mayNeedWork(text) { return text }
        switch kind {
        case .text: return clean(Substring(text))
        case .styled: return filterText(text)
        case .json: return escaped(text) { "\\u" + hex($0, digits: 4) }
        case .html: return escaped(text) { "&#x" + hex($0, digits: 1) + ";" }
        }
    }

    /// Whether `scalar` must not reach a terminal raw (newline and tab may).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x0A || value == 0x09 { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
            || Sanitize.isBidiControl(scalar) || Sanitize.isInvisibleFormat(scalar)
    }

    /// False when no byte pair of `text` can belong to an unsafe scalar: a C0 control other
    /// than newline and tab, DEL, a C1 control (UTF-8 C2 80–9F), U+061C (D8 9C), U+115F/U+1160
    /// (E1 85), U+180E (E1 A0), U+2000–U+207F (E2 80, E2 81), U+3164 (E3 85), U+FEFF–U+FFFF (EF
    /// BB–BF). A screen of box-drawing and braille characters (E2 94, E2 A0 …) takes no second look.
    private static func mayNeedWork(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            switch (previous, byte) {
            case (_, 0..<0x09), (_, 0x0B..<0x20), (_, 0x7F): return true
            case (0xC2, 0x80...0x9F), (0xD8, 0x9C), (0xE1, 0x85), (0xE1, 0xA0), (0xE2, 0x80), (0xE2, 0x81), (0xE3, 0x85),
                 (0xEF, 0xBB...0xBF): return true
            default: previous = byte
            }
        }
        return false
    }

    /// Sanitised text, each well-formed colour code vitals writes (`Style.sgr`) kept.
    private static func filterText(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let escape = rest.firstIndex(of: "\u{1B}") {
            out += clean(rest[..<escape])
            if let end = colourCodeEnd(rest[escape...]) {
                out += rest[escape..<end]
                rest = rest[end...]
            } else {
                // Not a colour code: from the escape on, `Sanitize` drops the whole sequence.
                let next = rest[rest.index(after: escape)...].firstIndex(of: "\u{1B}") ?? rest.endIndex
                out += clean(rest[escape..<next])
                rest = rest[next...]
            }
        }
        return out + clean(rest)
    }

    /// `Sanitize.multiline`, tabs kept.
    private static func clean(_ text: Substring) -> String {
        text.split(separator: "\t", omittingEmptySubsequences: false)
            .map { Sanitize.multiline(String($0)) }.joined(separator: "\t")
    }

    /// The end of a colour code at the start of `text`: `ESC [ codes m`, the codes those
    /// `Style.sgr` and `Style.reset` write (reset, bold, dim, a 16-colour foreground, a 256 or
    /// 24-bit one), nothing else (no hidden text, no blinking).
    private static func colourCodeEnd(_ text: Substring) -> Substring.Index? {
        let scalars = text.unicodeScalars
        var index = scalars.index(after: scalars.startIndex)
        guard index < scalars.endIndex, scalars[index] == "[" else { return nil }
        index = scalars.index(after: index)
        var body = ""
        while index < scalars.endIndex, body.count <= 24 {
            let scalar = scalars[index]
            if scalar == "m" {
                return isColourCodeList(body) ? scalars.index(after: index) : nil
            }
            guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
            body.unicodeScalars.append(scalar)
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func isColourCodeList(_ body: String) -> Bool {
        var codes = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        if codes.isEmpty { return false }
        while !codes.isEmpty {
            guard let code = codes.removeFirst() else { return false }
            switch code {
            case 0, 1, 2, 22, 39, 30...37, 90...97: continue
            case 38:
                guard let mode = codes.first ?? nil else { return false }
                let count = mode == 5 ? 2 : mode == 2 ? 4 : 0
                guard count > 0, codes.count >= count,
                      codes[1..<count].allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 256) <= 255 }) else { return false }
                codes.removeFirst(count)
            default: return false
            }
        }
        return true
    }

    private static func escaped(_ text: String, _ escape: (Unicode.Scalar) -> String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { out += escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static func hex(_ scalar: Unicode.Scalar, digits: Int) -> String {
        let text = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
