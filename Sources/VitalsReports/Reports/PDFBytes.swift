import Foundation
import VitalsKit

/// What vitals checks and changes in a PDF the browser wrote.
enum PDFBytes {
    /// Throws unless `data` looks like a whole PDF: the `%PDF-` header, and a trailer at the end
    /// (`startxref`, a byte offset inside the file, `%%EOF`).
    static func check(_ data: Data) throws {
        guard data.starts(with: Array("%PDF-".utf8)) else {
            throw PDFError.notAPDF(bytes: data.count, reason: "it does not start with %PDF-")
        }
        let tail = String(decoding: data.suffix(1024), as: UTF8.self)
        guard let xref = tail.range(of: "startxref", options: .backwards),
            let end = tail.range(of: "%%EOF", options: .backwards), xref.upperBound <= end.lowerBound
        else {
            throw PDFError.notAPDF(bytes: data.count, reason: "it has no trailer (startxref … %%EOF): it was cut short")
        }
        let offset = tail[xref.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        guard let position = Int(offset), position > 0, position < data.count else {
            throw PDFError.notAPDF(bytes: data.count, reason: "its trailer points outside the file")
        }
    }

    /// `data` with the printing date and time in `/CreationDate` and `/ModDate` replaced by
    /// 1970-01-01 00:00:00 UTC, byte for byte the same length (so every offset in the file
    /// stays right): a report whose dates are shifted does not tell the day it was printed.
    static func withoutPrintDate(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        let epoch = Array("19700101000000".utf8)
        for key in ["/CreationDate", "/ModDate"] {
            let needle = Array("\(key) (D:".utf8)
            var index = 0
            while let found = find(needle, in: bytes, from: index) {
                var cursor = found + needle.count
                var digit = 0
                // Digits become the epoch's (then zeros), the time zone +HH'MM' becomes +00'00'.
                while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ")") {
                    if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
                        bytes[cursor] = digit < epoch.count ? epoch[digit] : UInt8(ascii: "0")
                        digit += 1
                    } else if bytes[cursor] == UInt8(ascii: "-") {
                        bytes[cursor] = UInt8(ascii: "+")
                    }
                    cursor += 1
                }
                index = cursor
            }
        }
        return Data(bytes)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == needle[0], Array(bytes[index..<index + needle.count]) == needle { return index }
            index += 1
        }
        return nil
    }
}
