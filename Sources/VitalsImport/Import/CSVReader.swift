import VitalsKit

/// Splits CSV text (RFC 4180: commas, double-quoted fields, `""` escapes, CRLF or LF) into
/// records, each with the 1-based line it starts on.
package enum CSVReader {
    package struct Record: Sendable, Hashable {
        package var line: Int
        package var fields: [String]
    }

    /// All records; blank lines are skipped. An unterminated quote runs to the end of the text.
    package static func records(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var chars = Array(text.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar?
        var fieldStarted = false

        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
            field = ""
            fieldStarted = false
        }

        while let c = pending ?? chars.next() {
            pending = nil
            if inQuotes {
                if c == "\"" {
                    if let next = chars.next() {
                        if next == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            inQuotes = false
                            pending = next
                        }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                inQuotes = true
                fieldStarted = true
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = true
            case "\r": break
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
        }
        if fieldStarted || !field.isEmpty || !fields.isEmpty { endRecord() }
        return records
    }

    /// Quotes a field when it holds a comma, quote or line break.
    package static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
