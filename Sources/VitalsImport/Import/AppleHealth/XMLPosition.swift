import VitalsKit

/// Where in an XML stream something happened: a 1-based line and a 0-based byte offset.
package struct XMLPosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number (lines end with `\n`).
    package var line: Int
    /// 0-based offset of the byte from the start of the XML stream (after unzipping).
    package var byteOffset: Int64

    package init(line: Int, byteOffset: Int64) {
        self.line = line
        self.byteOffset = byteOffset
    }

    package var description: String { "line \(line), byte offset \(byteOffset)" }
}
