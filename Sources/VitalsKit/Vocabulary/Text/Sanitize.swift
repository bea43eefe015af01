/// Strips text that came from outside (YAML, data, file names, paths, argument values) of
/// anything a terminal would act on or that would reorder what the reader sees.
///
/// Escape sequences (`ESC [ … m`, `ESC ] … BEL`) are dropped whole, other C0/C1 control
/// characters and DEL are dropped, and so are the Unicode bidirectional controls that can make
/// text display in an order other than the one it is stored in ("Trojan Source"): the
/// embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069, and the marks U+200E,
/// U+200F and U+061C. Invisible format characters, which make two different texts look alike
/// (`me` and `m\u{200B}e`) or hide text, are dropped too: the zero-width space, non-joiner and
/// joiner U+200B–U+200D, the word joiner and invisible operators U+2060–U+2064, the byte
/// order mark U+FEFF, U+180E, the line and paragraph separators U+2028/U+2029, the Hangul
/// fillers and the interlinear annotation controls; the joiner is kept only between two
/// pictographs, where it joins an emoji (👩‍⚕️). In `inline` text newlines and tabs become spaces.
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
        !text.unicodeScalars.contains { isUnsafe($0) || isInvisibleFormat($0) }
    }

    /// Whether a scalar is an invisible format character (dropped by `inline` and `multiline`,
    /// except a zero-width joiner inside an emoji sequence).
    public static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF, 0x180E, 0x2028, 0x2029,
            0x115F, 0x1160, 0x3164, 0xFFA0, 0xFFF9...0xFFFB:
            return true
        default:
            return false
        }
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
        var previous: Unicode.Scalar?
        var heldJoiner = false
        while let scalar = iterator.next() {
            // A joiner is held until the next scalar shows whether it joins two pictographs.
            if heldJoiner {
                heldJoiner = false
                if isPictograph(scalar) { out.append("\u{200D}") }
            }
            switch scalar.value {
            case 0x1B: skipEscape(&iterator)
            case 0x0A: out.append(keepNewlines ? scalar : " ")
            case 0x09: out.append(" ")
            case 0x200D: heldJoiner = previous.map(joinsAfter) ?? false
            case _ where isUnsafe(scalar) || isInvisibleFormat(scalar): continue
            default: out.append(scalar)
            }
            previous = scalar
        }
        return String(out)
    }

    /// Whether a joiner after `scalar` may continue an emoji: after a pictograph, its
    /// variation selector U+FE0F or a skin-tone modifier.
    private static func joinsAfter(_ scalar: Unicode.Scalar) -> Bool {
        isPictograph(scalar) || scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value)
    }

    /// An emoji outside ASCII (the Emoji property also covers the digits, `#` and `*`).
    private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji
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
        case "[":  // CSI: parameters, then a final byte 0x40–0x7E
            while let s = iterator.next(), !(0x40...0x7E).contains(s.value) {}
        case "]", "P", "_", "^":  // OSC / DCS / APC / PM: until BEL or ESC \
            while let s = iterator.next() {
                if s.value == 0x07 { break }
                if s.value == 0x1B {
                    _ = iterator.next()
                    break
                }
            }
        default:
            break  // two-character escape
        }
    }
}
