import Foundation
import VitalsKit

/// A streaming, byte-level XML scanner: feed it chunks of any size and it calls its handler for
/// every start and end tag, in order, with the tag's line and byte offset.
///
/// It reads exactly what Apple Health exports contain and no more: the XML declaration,
/// processing instructions, comments and CDATA are skipped; the DOCTYPE and its internal subset
/// are skipped without being parsed (so a broken DTD, such as an unterminated `ATTLIST`, does
/// not matter); text between tags is ignored. Attribute values are unescaped (`&lt; &gt; &amp;
/// &quot; &apos; &#NN; &#xNN;`) and their literal tabs and newlines become spaces, as XML
/// prescribes; raw control characters such as U+000B are kept. Memory is bounded by the chunk
/// size plus the longest single tag (`maximumTokenLength`) and the open elements (`limits`).
package struct XMLChunkScanner<Handler: XMLEventHandler>: ~Copyable {
    /// Receives the events; read it back after `finish()`.
    package var handler: Handler
    /// A tag (or anything that must be held whole) longer than this is reported as malformed.
    package var maximumTokenLength = 4 << 20
    /// Nesting depth, attributes per tag and value length past which the input is refused
    /// (`HealthExportError.limitExceeded`): memory stays bounded and time linear.
    package var limits = HealthExportLimits.standard
    /// Whether the DOCTYPE's internal subset lacked its `]>` and ended at the first element.
    package private(set) var recoveredBrokenDTD = false

    private enum Mode { case text, comment, processingInstruction, cdata, doctype, subset, subsetComment }
    enum Phase { case prolog, element, epilog }

    var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0
    private var cursor = 0
    private var bufferOffset: Int64 = 0
    private var line = 1
    private var mode = Mode.text
    var phase = Phase.prolog
    var sawNonWhitespace = false
    var attributes: [XMLAttribute] = []
    /// Where the attributes of the start tag being read are, before their values are unescaped.
    struct PendingValue { var nameStart, nameCount, valueStart, valueCount: Int }
    var pendingValues: [PendingValue] = []
    var openNames: [UInt8] = []
    var openNameEnds: [Int] = []
    var openLines: [Int] = []

    /// Owns `buffer`: the scanner's own `deinit` was not run when the scanner was a stored
    /// property of the (generic) `HealthExportParser` class, leaking 64 KiB per parser (found
    /// by the fuzzer's LeakSanitizer, Swift 6.3 -O); a class's deinit always runs.
    private var owner: BufferOwner

    package init(handler: Handler, initialCapacity: Int = 1 << 16) {
        self.handler = handler
        capacity = max(initialCapacity, 64)
        buffer = .allocate(capacity: capacity)
        owner = BufferOwner(buffer)
    }

    /// How many bytes have been fed so far.
    package var bytesFed: Int64 { bufferOffset + Int64(count) }

    /// The position of the next unread byte.
    package var position: XMLPosition { XMLPosition(line: line, byteOffset: bufferOffset + Int64(cursor)) }

    /// How many elements are open (0 before the root and after it closes).
    package var depth: Int { openLines.count }

    /// Scans one more chunk; handler calls happen inside.
    package mutating func feed(_ chunk: UnsafeRawBufferPointer) throws {
        guard chunk.count > 0, let source = chunk.baseAddress else { return }
        reserve(count + chunk.count)
        memcpy(buffer + count, source, chunk.count)
        count += chunk.count
        try scan(final: false)
        compact()
        if count > maximumTokenLength {
            throw HealthExportError.malformed(
                reason: "markup longer than \(maximumTokenLength) bytes without an end (an unclosed quote?)",
                at: position)
        }
    }

    /// Scans `bytes` as one chunk.
    package mutating func feed<Bytes: ContiguousBytes>(_ bytes: Bytes) throws {
        try bytes.withUnsafeBytes { try feed($0) }
    }

    /// Marks the end of input: throws when the document is incomplete.
    package mutating func finish() throws {
        try scan(final: true)
        let end = XMLPosition(line: line + newlines(cursor, count), byteOffset: bytesFed)
        switch mode {
        case .text: break
        case .comment: throw HealthExportError.truncated(reason: "the file ends inside a comment", at: end)
        case .processingInstruction:
            throw HealthExportError.truncated(reason: "the file ends inside a <?…?> instruction", at: end)
        case .cdata: throw HealthExportError.truncated(reason: "the file ends inside a CDATA section", at: end)
        case .doctype, .subset, .subsetComment:
            throw HealthExportError.truncated(reason: "the file ends inside the DOCTYPE", at: end)
        }
        if cursor < count {
            throw HealthExportError.truncated(reason: "the file ends inside a tag", at: end)
        }
        if let openLine = openLines.last {
            let name = String(decoding: openNames[(openNameEnds.dropLast().last ?? 0)...], as: UTF8.self)
            throw HealthExportError.truncated(
                reason: "<\(name)> opened at line \(openLine) is not closed (\(openLines.count) open elements)",
                at: end)
        }
        if phase == .prolog {
            if !sawNonWhitespace { throw HealthExportError.notXML(found: "an empty file", at: end) }
            throw HealthExportError.truncated(reason: "no root element", at: end)
        }
    }

    // MARK: Scanning

    private mutating func scan(final: Bool) throws {
        while cursor < count {
            switch mode {
            case .text:
                guard try scanText(final: final) else { return }
            case .comment:
                guard skip(until: "-->", then: .text) else { return }
            case .processingInstruction:
                guard skip(until: "?>", then: .text) else { return }
            case .cdata:
                guard skip(until: "]]>", then: .text) else { return }
            case .subsetComment:
                guard skip(until: "-->", then: .subset) else { return }
            case .doctype:
                guard let index = firstIndex(from: cursor, where: { $0 == 0x5B || $0 == 0x3E }) else {
                    advance(to: count)
                    return
                }
                mode = buffer[index] == 0x5B ? .subset : .text
                advance(to: index + 1)
            case .subset:
                guard scanSubset(final: final) else { return }
            }
        }
    }

    /// Skips text up to the next `<` and reads the markup there; false when more input is needed.
    private mutating func scanText(final: Bool) throws -> Bool {
        let found = memchr(buffer + cursor, 0x3C, count - cursor)
        let end = found.map { UnsafeMutablePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - buffer } ?? count
        if end > cursor { try checkText(cursor, end) }
        advance(to: end)
        guard found != nil else { return false }
        return try scanMarkup(final: final)
    }

    private func checkText(_ start: Int, _ end: Int) throws {
        var index = start
        if phase == .element {
            if memchr(buffer + start, 0, end - start) != nil {
                let nul =
                    UnsafeMutablePointer<UInt8>(
                        memchr(buffer + start, 0, end - start)!
                            .assumingMemoryBound(to: UInt8.self)) - buffer
                throw HealthExportError.malformed(reason: "a NUL byte (the file is corrupted)", at: positionOf(nul))
            }
            return
        }
        if phase == .prolog && bufferOffset + Int64(start) == 0 && end - start >= 3
            && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
        {
            index += 3
        }
        while index < end {
            let byte = buffer[index]
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
                let excerpt = excerptAt(index)
                if phase == .prolog {
                    throw HealthExportError.notXML(found: excerpt, at: positionOf(index))
                }
                throw HealthExportError.malformed(
                    reason: "text after the end of the document: \(excerpt)",
                    at: positionOf(index))
            }
            index += 1
        }
    }

    /// Reads the markup starting at `cursor` (a `<`); false when more input is needed.
    private mutating func scanMarkup(final: Bool) throws -> Bool {
        let start = cursor
        let available = count - start
        guard available >= 2 else { return try needMore(final, "the file ends inside a tag") }
        switch buffer[start + 1] {
        case 0x2F:  // </
            guard let close = memchr(buffer + start + 2, 0x3E, available - 2) else {
                return try needMore(final, "the file ends inside the end tag that begins here")
            }
            let end = UnsafeMutablePointer<UInt8>(close.assumingMemoryBound(to: UInt8.self)) - buffer
            try endTag(nameStart: start + 2, close: end)
            advance(to: end + 1)
        case 0x3F:  // <?
            sawNonWhitespace = true
            mode = .processingInstruction
            advance(to: start + 2)
        case 0x21:  // <!
            sawNonWhitespace = true
            guard available >= 4 else { return try needMore(final, "the file ends inside markup") }
            if matches(start, "<!--") {
                mode = .comment
                advance(to: start + 4)
                return true
            }
            guard available >= 9 else { return try needMore(final, "the file ends inside markup") }
            if matches(start, "<![CDATA[") && phase == .element {
                mode = .cdata
                advance(to: start + 9)
            } else if matches(start, "<!DOCTYPE") && phase == .prolog {
                mode = .doctype
                advance(to: start + 9)
            } else {
                throw HealthExportError.malformed(reason: "unexpected \(excerptAt(start))", at: positionOf(start))
            }
        default:
            guard let close = try startTag(start) else {
                return try needMore(final, "the file ends inside the start tag that begins here")
            }
            advance(to: close + 1)
        }
        return true
    }

    private func needMore(_ final: Bool, _ reason: String) throws -> Bool {
        if final { throw HealthExportError.truncated(reason: reason, at: position) }
        return false
    }

    /// Skips the DOCTYPE internal subset up to `]>`; a subset that runs into an element ends there.
    private mutating func scanSubset(final: Bool) -> Bool {
        var index = cursor
        while index < count {
            let byte = buffer[index]
            if byte == 0x5D {  // ]
                var next = index + 1
                while next < count, isSpace(buffer[next]) { next += 1 }
                if next == count {
                    advance(to: index)
                    return false
                }
                if buffer[next] == 0x3E {
                    mode = .text
                    advance(to: next + 1)
                    return true
                }
            } else if byte == 0x3C {  // <
                if count - index < 4 && !final {
                    advance(to: index)
                    return false
                }
                if matches(index, "<!--") {
                    mode = .subsetComment
                    advance(to: index + 4)
                    return true
                }
                let next = index + 1 < count ? buffer[index + 1] : 0
                if next != 0x21 && next != 0x3F && next != 0 {
                    recoveredBrokenDTD = true
                    mode = .text
                    advance(to: index)
                    return true
                }
            }
            index += 1
        }
        advance(to: count)
        return false
    }

    /// Skips to just after `terminator`; false (keeping a possible partial match) when not found.
    private mutating func skip(until terminator: StaticString, then next: Mode) -> Bool {
        let length = terminator.utf8CodeUnitCount
        var index = cursor
        let first = terminator.utf8Start[0]
        while index + length <= count {
            guard let hit = memchr(buffer + index, Int32(first), count - index) else { break }
            index = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - buffer
            if index + length > count { break }
            if memcmp(buffer + index, terminator.utf8Start, length) == 0 {
                mode = next
                advance(to: index + length)
                return true
            }
            index += 1
        }
        advance(to: max(cursor, count - (length - 1)))
        return false
    }

    // MARK: Buffer

    private mutating func advance(to index: Int) {
        line += newlines(cursor, index)
        cursor = index
    }

    private func newlines(_ start: Int, _ end: Int) -> Int {
        var lines = 0
        var index = start
        while index < end, let hit = memchr(buffer + index, 0x0A, end - index) {
            lines += 1
            index = UnsafeMutablePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - buffer + 1
        }
        return lines
    }

    private func positionOf(_ index: Int) -> XMLPosition {
        XMLPosition(line: line + newlines(cursor, index), byteOffset: bufferOffset + Int64(index))
    }

    private mutating func compact() {
        guard cursor > 0 else { return }
        let remaining = count - cursor
        if remaining > 0 { memmove(buffer, buffer + cursor, remaining) }
        bufferOffset += Int64(cursor)
        count = remaining
        cursor = 0
    }

    private mutating func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: buffer, count: count)
        owner = BufferOwner(grown)  // frees the old buffer
        buffer = grown
        capacity = newCapacity
    }

    private func matches(_ index: Int, _ literal: StaticString) -> Bool {
        index + literal.utf8CodeUnitCount <= count
            && memcmp(buffer + index, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    private func firstIndex(from start: Int, where predicate: (UInt8) -> Bool) -> Int? {
        var index = start
        while index < count {
            if predicate(buffer[index]) { return index }
            index += 1
        }
        return nil
    }

    private func excerptAt(_ index: Int) -> String {
        let end = min(count, index + 24)
        let text = String(decoding: UnsafeBufferPointer(start: buffer + index, count: end - index), as: UTF8.self)
        let printable = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "·" : Character($0) })
        return "\"\(printable)\(end - index == 24 ? "…" : "")\""
    }

    @inline(__always) func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always) func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == 0x2F || byte == 0x3E
    }
}

/// Frees the scanner's buffer when the scanner goes away.
private final class BufferOwner {
    let pointer: UnsafeMutablePointer<UInt8>
    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
    deinit { pointer.deallocate() }
}
