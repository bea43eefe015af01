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

    /// False when no byte of `text` can belong to an unsafe scalar, judged by it and the two
    /// before it: a C0 control other than newline and tab, DEL, a C1 control (UTF-8 C2 80–9F),
    /// U+061C (D8 9C), U+115F/U+1160 (E1 85), U+180E (E1 A0), U+200B–U+200F and U+2028–U+202E
    /// (E2 80 8B–8F, A8–AE), U+2060–U+2069 (E2 81 A0–A9), U+3164 (E3 85), U+FEFF–U+FFFF (EF
    /// BB–BF). Box drawing, braille, dashes and ellipses take no second look.
    private static func mayNeedWork(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                index += 1
                // Printable ASCII, newline and tab: most of what vitals prints.
                if (byte >= 0x20 && byte < 0x7F) || byte == 0x0A || byte == 0x09 { continue }
                if byte < 0x80 { return true }
                let next = index < count ? bytes[index] : 0
                let third = index + 1 < count ? bytes[index + 1] : 0
                switch byte {
                case 0xC2: if next >= 0x80 && next <= 0x9F { return true }
                case 0xD8: if next == 0x9C { return true }
                case 0xE1: if next == 0x85 || next == 0xA0 { return true }
                case 0xE2:
                    if next == 0x80 && ((third >= 0x8B && third <= 0x8F) || (third >= 0xA8 && third <= 0xAE)) {
                        return true
                    }
                    if next == 0x81 && third >= 0xA0 && third <= 0xA9 { return true }
                case 0xE3: if next == 0x85 { return true }
                case 0xEF: if next >= 0xBB { return true }
                default: break
                }
            }
            return false
        }
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
        guard text.utf8.contains(0x09) else { return Sanitize.multiline(String(text)) }
        return text.split(separator: "\t", omittingEmptySubsequences: false)
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
                    codes[1..<count].allSatisfy({ ($0 ?? -1) >= 0 && ($0 ?? 256) <= 255 })
                else { return false }
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
