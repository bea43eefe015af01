import Foundation
import VitalsKit

/// Start and end tags: attribute parsing, the open-element stack, and the handler calls.
extension XMLChunkScanner {
    /// Reads the start tag whose `<` is at `start` and calls the handler; returns the index of
    /// its `>`, or nil when the buffer ends inside the tag (it is read again, from its `<`, once
    /// more input has come).
    ///
    /// One pass: the end of a quoted value is found with `memchr`, and values are only unescaped
    /// (in place) once the whole tag is known to be in the buffer, so that reading a split tag
    /// again never unescapes twice.
    mutating func startTag(_ start: Int) throws -> Int? {
        let tagPosition = position
        var index = start + 1
        while index < count, !isNameEnd(buffer[index]) { index += 1 }
        guard index < count else { return nil }
        let name = XMLBytes(base: buffer + start + 1, count: index - start - 1)
        if name.isEmpty { throw HealthExportError.malformed(reason: "a tag without a name", at: tagPosition) }
        pendingValues.removeAll(keepingCapacity: true)
        var isEmpty = false
        while true {
            while index < count, isSpace(buffer[index]) { index += 1 }
            guard index < count else { return nil }
            if buffer[index] == 0x3E { break }  // >
            if buffer[index] == 0x2F {  // /
                index += 1
                while index < count, isSpace(buffer[index]) { index += 1 }
                guard index < count else { return nil }
                guard buffer[index] == 0x3E else { throw malformedTag(name, "stray '/'", tagPosition) }
                isEmpty = true
                break
            }
            let nameStart = index
            while index < count, !isNameEnd(buffer[index]), buffer[index] != 0x3D { index += 1 }
            guard index < count else { return nil }
            let attributeName = XMLBytes(base: buffer + nameStart, count: index - nameStart)
            if attributeName.isEmpty { throw malformedTag(name, "an attribute without a name", tagPosition) }
            while index < count, isSpace(buffer[index]) { index += 1 }
            guard index < count else { return nil }
            guard buffer[index] == 0x3D else {
                throw malformedTag(name, "attribute \(attributeName.string) has no value", tagPosition)
            }
            index += 1
            while index < count, isSpace(buffer[index]) { index += 1 }
            guard index < count else { return nil }
            let quote = buffer[index]
            guard quote == 0x22 || quote == 0x27 else {
                throw malformedTag(name, "the value of \(attributeName.string) is not quoted", tagPosition)
            }
            let valueStart = index + 1
            guard let found = memchr(buffer + valueStart, Int32(quote), count - valueStart) else { return nil }
            let valueEnd = UnsafeMutablePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - buffer
            if valueEnd - valueStart > limits.attributeValueLength {
                throw HealthExportError.limitExceeded(
                    reason: "<\(name.string)>'s \(attributeName.string) is \(valueEnd - valueStart) bytes long "
                        + "(at most \(limits.attributeValueLength))", at: tagPosition)
            }
            if pendingValues.count >= limits.attributesPerTag {
                throw HealthExportError.limitExceeded(
                    reason: "<\(name.string)> has more than \(limits.attributesPerTag) attributes", at: tagPosition)
            }
            pendingValues.append(
                PendingValue(
                    nameStart: nameStart, nameCount: attributeName.count,
                    valueStart: valueStart, valueCount: valueEnd - valueStart))
            index = valueEnd + 1
            guard index < count else { return nil }
            if !isSpace(buffer[index]), buffer[index] != 0x2F, buffer[index] != 0x3E {
                throw malformedTag(name, "no space after the value of \(attributeName.string)", tagPosition)
            }
        }
        let close = index
        // The whole tag is here: unescape values (`&…;`, and tabs and newlines become spaces).
        attributes.removeAll(keepingCapacity: true)
        for pending in pendingValues {
            let value = buffer + pending.valueStart
            var length = pending.valueCount
            if let first = XMLValueDecoder.firstEscape(value, count: length) {
                length = XMLValueDecoder.decodeInPlace(value, count: length, from: first)
            }
            attributes.append(
                XMLAttribute(
                    name: XMLBytes(base: buffer + pending.nameStart, count: pending.nameCount),
                    value: XMLBytes(base: value, count: length)))
        }
        sawNonWhitespace = true
        if phase == .epilog {
            throw HealthExportError.malformed(reason: "a second root element", at: tagPosition)
        }
        phase = .element
        if !isEmpty {
            if openLines.count >= limits.depth { throw tooDeep(name, tagPosition) }
            openNames.append(contentsOf: UnsafeBufferPointer(start: name.base, count: name.count))
            openNameEnds.append(openNames.count)
            openLines.append(tagPosition.line)
        }
        try attributes.withUnsafeBufferPointer { list in
            try handler.startElement(
                XMLStartTag(name: name, attributes: list, isEmptyElement: isEmpty),
                at: tagPosition)
        }
        if isEmpty {
            try handler.endElement(name, at: tagPosition)
            if openLines.isEmpty { phase = .epilog }
        }
        return close
    }

    mutating func endTag(nameStart: Int, close: Int) throws {
        let tagPosition = position
        var nameEnd = close
        while nameEnd > nameStart, isSpace(buffer[nameEnd - 1]) { nameEnd -= 1 }
        let name = XMLBytes(base: buffer + nameStart, count: nameEnd - nameStart)
        guard let openEnd = openNameEnds.last else {
            throw HealthExportError.malformed(reason: "</\(name.string)> closes nothing", at: tagPosition)
        }
        let openStart = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
        let matchesOpen = openNames.withUnsafeBufferPointer { open in
            openEnd - openStart == name.count && memcmp(open.baseAddress! + openStart, name.base, name.count) == 0
        }
        guard matchesOpen else {
            let expected = String(decoding: openNames[openStart..<openEnd], as: UTF8.self)
            throw HealthExportError.malformed(
                reason: "</\(name.string)> does not close <\(expected)> opened at line \(openLines.last!)",
                at: tagPosition)
        }
        try handler.endElement(name, at: tagPosition)
        openNames.removeLast(openEnd - openStart)
        openNameEnds.removeLast()
        openLines.removeLast()
        if openLines.isEmpty { phase = .epilog }
    }

    private func tooDeep(_ name: XMLBytes, _ at: XMLPosition) -> HealthExportError {
        let openStart = openNameEnds.count > 1 ? openNameEnds[openNameEnds.count - 2] : 0
        let parent = String(decoding: openNames[openStart...], as: UTF8.self)
        return .limitExceeded(
            reason: "<\(name.string)> inside <\(parent)> is nested more than \(limits.depth) elements deep",
            at: at)
    }

    private func malformedTag(_ name: XMLBytes, _ reason: String, _ at: XMLPosition) -> HealthExportError {
        .malformed(reason: "in <\(name.string)>: \(reason)", at: at)
    }

}
