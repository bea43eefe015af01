import Foundation
import VitalsKit

/// A run of bytes inside the scanner's buffer: an element name or a decoded attribute value.
///
/// Only valid during the handler call it is passed to; copy what you keep (`string`).
package struct XMLBytes {
    package let base: UnsafePointer<UInt8>
    package let count: Int

    @inlinable package init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The bytes as a String (invalid UTF-8 becomes U+FFFD).
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    package var isEmpty: Bool { count == 0 }

    @inlinable package subscript(index: Int) -> UInt8 { base[index] }

    /// Whether the bytes spell `literal` exactly (ASCII literals).
    @inlinable package func equals(_ literal: StaticString) -> Bool {
        literal.utf8CodeUnitCount == count && memcmp(base, literal.utf8Start, count) == 0
    }

    /// Whether the bytes begin with `literal`.
    @inlinable package func hasPrefix(_ literal: StaticString) -> Bool {
        literal.utf8CodeUnitCount <= count && memcmp(base, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Whether any byte is a C0 control character other than tab, line feed and carriage return.
    package var containsControlCharacter: Bool {
        for index in 0..<count {
            let byte = base[index]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
            if byte == 0x7F { return true }
        }
        return false
    }
}

/// One attribute of a start tag, its value already unescaped (entities and character references).
package struct XMLAttribute {
    package let name: XMLBytes
    package let value: XMLBytes
}

/// A start tag as the scanner saw it; valid only during the `startElement` call.
package struct XMLStartTag {
    package let name: XMLBytes
    package let attributes: UnsafeBufferPointer<XMLAttribute>
    /// `<Name …/>`: the scanner calls `endElement` right after `startElement`.
    package let isEmptyElement: Bool

    /// The value of the attribute named `literal`, if present.
    @inlinable package func value(of literal: StaticString) -> XMLBytes? {
        for attribute in attributes where attribute.name.equals(literal) { return attribute.value }
        return nil
    }
}

/// Receives what the scanner reads, in document order.
package protocol XMLEventHandler {
    /// A start tag (`<Record …>` or `<Record …/>`), with the position of its `<`.
    mutating func startElement(_ tag: XMLStartTag, at position: XMLPosition) throws
    /// An end tag, or the end of an empty-element tag.
    mutating func endElement(_ name: XMLBytes, at position: XMLPosition) throws
}
