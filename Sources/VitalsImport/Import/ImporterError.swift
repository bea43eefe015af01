import VitalsKit

/// Why `vitals import FILE` could not import a file: each case names the file and what was
/// expected of it. Nothing is stored when one is thrown (the import is one transaction).
package enum ImporterError: VitalsError, Equatable {
    /// No importer recognises the file; `formats` are the ids `--format` takes.
    case unrecognised(file: String, formats: [String])
    /// `--format` names no importer.
    case unknownFormat(String, formats: [String])
    /// The file is of the importer's kind but cannot be read: damaged, cut off, another version.
    case unreadable(file: String, reason: String, hints: [String] = [], kind: VitalsErrorKind = .refused)
    /// A table, entry or column the format has is missing or not what the format says.
    case unexpected(file: String, expected: String, found: String)
    /// A CSV written with another locale's separators: decimal commas, `;` between fields.
    case decimalComma(file: String, line: Int, value: String)

    package var message: String {
        switch self {
        case .unrecognised(let file, _):
            return "\(Sanitize.inline(file)): no importer recognises this file"
        case .unknownFormat(let name, _):
            return "unknown import format '\(Sanitize.inline(name))'"
        case .unreadable(let file, let reason, _, _):
            return "\(Sanitize.inline(file)): \(Sanitize.inline(reason))"
        case .unexpected(let file, let expected, let found):
            return "\(Sanitize.inline(file)): expected \(Sanitize.inline(expected)), found \(Sanitize.inline(found))"
        case .decimalComma(let file, let line, let value):
            return "\(Sanitize.inline(file)) line \(line): '\(Sanitize.inline(value))' has a decimal comma; "
                + "expected a decimal point (fields separated by commas)"
        }
    }

    package var hints: [String] {
        switch self {
        case .unrecognised(_, let formats), .unknownFormat(_, let formats):
            return ["formats: " + formats.joined(separator: ", ") + " (name one with --format)"]
        case .unreadable(_, _, let hints, _):
            return hints
        case .decimalComma:
            return [
                "export it again with a decimal point, or convert it (a spreadsheet's CSV export with the English locale)"
            ]
        case .unexpected:
            return []
        }
    }

    package var kind: VitalsErrorKind {
        switch self {
        case .unknownFormat: return .badArgument
        case .unreadable(_, _, _, let kind): return kind
        default: return .refused
        }
    }
}
