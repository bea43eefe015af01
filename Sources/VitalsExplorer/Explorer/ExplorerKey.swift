import VitalsKit

/// One key press the explorer understands, decoded from the bytes a terminal sends.
package enum ExplorerKey: Sendable, Hashable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, tab, backTab, backspace, delete, escape
    /// Ctrl-C: in raw mode it arrives as byte 3 instead of a signal.
    case interrupt
    /// Ctrl-L: draw everything again.
    case redraw
    /// A printable character (letters, digits, `/`, `?`, any Unicode text).
    case character(Character)
}

/// Turns terminal input bytes into keys, keeping an unfinished escape sequence or UTF-8
/// character for the next read.
///
/// A lone ESC is ambiguous: it is the Escape key or the start of a sequence whose rest has
/// not arrived yet. `feed` keeps it pending; the caller waits briefly for more input and
/// calls `flush()` when none comes, which turns what is pending into keys.
package struct ExplorerKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Whether bytes are waiting for the rest of a sequence (call `flush()` after a short wait).
    package var hasPending: Bool { !pending.isEmpty }

    /// The keys completed by `bytes`; an incomplete sequence at the end stays pending.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [ExplorerKey] {
        pending.append(contentsOf: bytes)
        var keys: [ExplorerKey] = []
        var index = 0
        while index < pending.count {
            switch Self.decode(pending, at: index) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return keys
            }
        }
        pending.removeAll()
        return keys
    }

    /// What is pending, read as complete input: a lone ESC is the Escape key, an unfinished
    /// sequence is Escape followed by its characters.
    package mutating func flush() -> [ExplorerKey] {
        guard !pending.isEmpty else { return [] }
        let bytes = pending
        pending.removeAll()
        var keys: [ExplorerKey] = []
        if bytes[0] == 0x1B {
            keys.append(.escape)
            keys += feed(bytes.dropFirst())
        } else {
            keys += feed(bytes)
        }
        // Whatever is still pending cannot complete: an unfinished UTF-8 character is dropped.
        pending.removeAll()
        return keys
    }

    private enum Step {
        case key(ExplorerKey?, length: Int)
        case incomplete
    }

    private static func decode(_ bytes: [UInt8], at start: Int) -> Step {
        let byte = bytes[start]
        switch byte {
        case 0x1B: return escape(bytes, at: start)
        case 0x03: return .key(.interrupt, length: 1)
        case 0x0C: return .key(.redraw, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x0D, 0x0A: return .key(.enter, length: 1)
        case 0x7F, 0x08: return .key(.backspace, length: 1)
        case 0x0E: return .key(.down, length: 1)  // Ctrl-N
        case 0x10: return .key(.up, length: 1)  // Ctrl-P
        case 0x00..<0x20: return .key(nil, length: 1)  // other control bytes are ignored
        case 0x20..<0x80: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
        default: return utf8(bytes, at: start)
        }
    }

    /// ESC [ … final, ESC O final, or ESC alone followed by something else.
    private static func escape(_ bytes: [UInt8], at start: Int) -> Step {
        guard start + 1 < bytes.count else { return .incomplete }
        let kind = bytes[start + 1]
        if kind == UInt8(ascii: "O") {
            guard start + 2 < bytes.count else { return .incomplete }
            return .key(final(bytes[start + 2], parameters: []), length: 3)
        }
        guard kind == UInt8(ascii: "[") else {
            // ESC then an unrelated byte: the Escape key; the byte is decoded on its own.
            return .key(.escape, length: 1)
        }
        var index = start + 2
        var parameters: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) {
                return .key(final(byte, parameters: parameters), length: index - start + 1)
            }
            guard (0x20...0x3F).contains(byte), parameters.count < 16 else {
                return .key(nil, length: index - start)  // malformed: drop what was read
            }
            parameters.append(byte)
            index += 1
        }
        return .incomplete
    }

    /// The key for a CSI or SS3 final byte; modifiers (`1;5A`) are ignored.
    private static func final(_ byte: UInt8, parameters: [UInt8]) -> ExplorerKey? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "M"): return .enter  // keypad Enter in application mode
        case UInt8(ascii: "~"):
            let first = String(decoding: parameters.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            switch first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// A multi-byte UTF-8 character; a stray continuation or invalid lead byte is skipped.
    private static func utf8(_ bytes: [UInt8], at start: Int) -> Step {
        let lead = bytes[start]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .key(nil, length: 1)
        }
        guard start + length <= bytes.count else {
            for index in (start + 1)..<bytes.count where bytes[index] & 0xC0 != 0x80 {
                return .key(nil, length: index - start)
            }
            return .incomplete
        }
        let slice = bytes[start..<(start + length)]
        guard slice.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
            let text = String(validating: slice, as: UTF8.self), let character = text.first
        else {
            return .key(nil, length: 1)
        }
        return .key(.character(character), length: length)
    }
}
