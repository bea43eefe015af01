/// Strips text that came from outside (YAML, data, file names, paths, argument values) of
/// anything a terminal would act on or that would reorder what the reader sees.
///
/// Escape sequences (`ESC [ … m`, `ESC ] … BEL`) are dropped whole, other C0/C1 control
/// characters and DEL are dropped, and so are the Unicode bidirectional controls that can make
/// text display in an order other than the one it is stored in ("Trojan Source"): the
/// embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the marks U+200E,
/// U+200F and U+061C. In `inline` text newlines and tabs become spaces.
public enum Sanitize {
    /// Text for one line of output.
    public static func inline(_ text: String) -> String {
        clean(text, keepNewlines: false)
    }

    /// Text that may span lines (about texts, descriptions).
    public static func multiline(_ text: String) -> String {
        clean(text, keepNewlines: true)
    }

    /// Whether `text` would come out of `inline` unchanged.
    public static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }

    /// Whether a scalar is a bidirectional formatting control (dropped by `inline` and `multiline`).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    private static func clean(_ text: String, keepNewlines: Bool) -> String {
        // Fast path: nothing to strip.
        if isClean(text) { return text }
        var out = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            switch scalar.value {
            case 0x1B: skipEscape(&iterator)
            case 0x0A: out.append(keepNewlines ? scalar : " ")
            case 0x09: out.append(" ")
            case _ where isUnsafe(scalar): continue
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || isBidiControl(scalar)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }

    /// Consumes the rest of an escape sequence after ESC.
    private static func skipEscape(_ iterator: inout String.UnicodeScalarView.Iterator) {
        guard let first = iterator.next() else { return }
        switch first {
        case "[":   // CSI: parameters, then a final byte 0x40–0x7E
            while let s = iterator.next(), !(0x40...0x7E).contains(s.value) {}
        case "]", "P", "_", "^":   // OSC / DCS / APC / PM: until BEL or ESC \
            while let s = iterator.next() {
                if s.value == 0x07 { break }
                if s.value == 0x1B { _ = iterator.next(); break }
            }
        default:
            break   // two-character escape
        }
    }
}
