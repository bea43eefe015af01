/// Where in an XML stream something happened: a 1-based line and a 0-based byte offset.
public struct XMLPosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line number (lines end with `\n`).
    public var line: Int
    /// 0-based offset of the byte from the start of the XML stream (after unzipping).
    public var byteOffset: Int64

    public init(line: Int, byteOffset: Int64) {
        self.line = line
        self.byteOffset = byteOffset
    }

    public var description: String { "line \(line), byte offset \(byteOffset)" }
}
