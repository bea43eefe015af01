import Foundation

/// Start and end tags: attribute parsing, the open-element stack, and the handler calls.
extension XMLChunkScanner {
    mutating func startTag(_ start: Int, _ close: Int) throws {
        sawNonWhitespace = true
        let tagPosition = position
        if phase == .epilog {
            throw HealthExportError.malformed(reason: "a second root element", at: tagPosition)
        }
        var index = start + 1
        while index < close, !isNameEnd(buffer[index]) { index += 1 }
        let name = XMLBytes(base: buffer + start + 1, count: index - start - 1)
        if name.isEmpty { throw HealthExportError.malformed(reason: "a tag without a name", at: tagPosition) }
        attributes.removeAll(keepingCapacity: true)
        var isEmpty = false
        while true {
            while index < close, isSpace(buffer[index]) { index += 1 }
            if index >= close { break }
            if buffer[index] == 0x2F { // /
                index += 1
                while index < close, isSpace(buffer[index]) { index += 1 }
                guard index == close else { throw malformedTag(name, "stray '/'", tagPosition) }
                isEmpty = true
                break
            }
            let nameStart = index
            while index < close, !isNameEnd(buffer[index]), buffer[index] != 0x3D { index += 1 }
            let attributeName = XMLBytes(base: buffer + nameStart, count: index - nameStart)
            if attributeName.isEmpty { throw malformedTag(name, "an attribute without a name", tagPosition) }
            while index < close, isSpace(buffer[index]) { index += 1 }
            guard index < close, buffer[index] == 0x3D else {
                throw malformedTag(name, "attribute \(attributeName.string) has no value", tagPosition)
            }
            index += 1
            while index < close, isSpace(buffer[index]) { index += 1 }
            guard index < close, buffer[index] == 0x22 || buffer[index] == 0x27 else {
                throw malformedTag(name, "the value of \(attributeName.string) is not quoted", tagPosition)
            }
            let quote = buffer[index]
            let valueStart = index + 1
            var valueEnd = valueStart
            var needsDecoding = false
            while valueEnd < close, buffer[valueEnd] != quote {
                let byte = buffer[valueEnd]
                if byte == 0x26 || byte == 0x09 || byte == 0x0A || byte == 0x0D { needsDecoding = true }
                valueEnd += 1
            }
            guard valueEnd < close else { throw malformedTag(name, "an unclosed quote", tagPosition) }
            let length = needsDecoding ? XMLValueDecoder.decodeInPlace(buffer + valueStart, count: valueEnd - valueStart)
                                       : valueEnd - valueStart
            attributes.append(XMLAttribute(name: attributeName, value: XMLBytes(base: buffer + valueStart, count: length)))
            index = valueEnd + 1
            if index < close, !isSpace(buffer[index]), buffer[index] != 0x2F {
                throw malformedTag(name, "no space after the value of \(attributeName.string)", tagPosition)
            }
        }
        phase = .element
        if !isEmpty {
            openNames.append(contentsOf: UnsafeBufferPointer(start: name.base, count: name.count))
            openNameEnds.append(openNames.count)
            openLines.append(tagPosition.line)
        }
        try attributes.withUnsafeBufferPointer { list in
            try handler.startElement(XMLStartTag(name: name, attributes: list, isEmptyElement: isEmpty),
                                     at: tagPosition)
        }
        if isEmpty {
            try handler.endElement(name, at: tagPosition)
            if openLines.isEmpty { phase = .epilog }
        }
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

    private func malformedTag(_ name: XMLBytes, _ reason: String, _ at: XMLPosition) -> HealthExportError {
        .malformed(reason: "in <\(name.string)>: \(reason)", at: at)
    }

}
