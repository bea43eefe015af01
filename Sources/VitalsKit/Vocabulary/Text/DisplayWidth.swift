/// How many terminal columns text takes, and truncation and padding by those columns.
///
/// Works per grapheme cluster (`Character`): East Asian wide and fullwidth characters, emoji
/// with emoji presentation, emoji followed by VS16 (`⚖️`), ZWJ emoji sequences and flags take
/// two columns; combining marks, ZWJ, variation selectors and other format characters take
/// none; control characters take none (they are stripped by `Sanitize` before printing).
public enum DisplayWidth {
    /// The column width of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        if let width = simpleWidth(text) { return width }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of text made only of printable ASCII, box drawing, block elements and braille
    /// (what charts are drawn with), one column per scalar without breaking it into grapheme
    /// clusters (none of these combine); nil for any other text. Same result as per `Character`.
    static func simpleWidth(_ text: some StringProtocol) -> Int? {
        var width = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x20...0x7E, 0x2500...0x259F, 0x2800...0x28FF: width += 1
            default: return nil
            }
        }
        return width
    }

    /// The column width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if character.isASCII {
            return first.value < 0x20 || first.value == 0x7F ? 0 : 1
        }
        if isControl(first) || isZeroWidth(first) { return 0 }
        var hasVS16 = false
        var hasVS15 = false
        var hasZWJ = false
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F: hasVS16 = true
            case 0xFE0E: hasVS15 = true
            case 0x200D: hasZWJ = true
            default: break
            }
        }
        let properties = first.properties
        if properties.isEmoji {
            if hasVS15 { return 1 }
            if properties.isEmojiPresentation || hasVS16 || hasZWJ { return 2 }
        }
        if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // regional indicators
        return isWide(first.value) ? 2 : 1
    }

    /// `text` cut to at most `width` columns; when cut, it ends in `ellipsis` (no space before it).
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        let room = width - ellipsisWidth
        guard room >= 0 else { return cut(text, to: width) }
        var head = cut(text, to: room)
        while head.last == " " { head.removeLast() }
        return head + ellipsis
    }

    /// Where padding goes when text is shorter than its column.
    public enum Alignment: Sendable { case left, right, center }

    /// `text` truncated and padded with spaces to exactly `width` columns.
    public static func pad(
        _ text: String, to width: Int, alignment: Alignment = .left,
        ellipsis: String = "…"
    ) -> String {
        let fitted = truncate(text, to: width, ellipsis: ellipsis)
        let gap = max(0, width - of(fitted))
        switch alignment {
        case .left: return fitted + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + fitted
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + fitted
                + String(repeating: " ", count: gap - left)
        }
    }

    /// The longest prefix of `text` that fits in `width` columns (no ellipsis).
    public static func cut(_ text: String, to width: Int) -> String {
        var used = 0
        var out = ""
        for character in text {
            let w = of(character)
            if used + w > width { break }
            used += w
            out.append(character)
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return (0x1160...0x11FF).contains(scalar.value)  // Hangul medial vowels
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges that are not emoji.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF,
        0x1B000...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
