import VitalsKit

/// Why an Apple Health export could not be read; every case says where, when there is a where.
///
/// Positions are in the XML stream (after unzipping), so they point into `export.xml` even
/// when the input was `export.zip`.
package enum HealthExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path does not exist.
    case notFound(path: String)
    /// The path exists but could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The input does not start like an XML document.
    case notXML(found: String, at: XMLPosition)
    /// The XML is broken (mismatched tags, a bad attribute, a NUL byte …).
    case malformed(reason: String, at: XMLPosition)
    /// The input ends before the document does (a cut-off download or copy).
    case truncated(reason: String, at: XMLPosition)
    /// The XML is well-formed but is not a Health export (its root is not `HealthData`).
    case notHealthExport(root: String, at: XMLPosition)
    /// A zip or folder that holds no `apple_health_export/*.xml` export.
    case noExportInArchive(path: String, found: [String])
    /// The zip itself is damaged (bad header, CRC or deflate stream).
    case corruptArchive(path: String, reason: String, at: XMLPosition?)
    /// The export holds far more of something than any real one (`HealthExportLimits`): a
    /// damaged file, or one made to exhaust memory. `reason` names the element and the limit.
    case limitExceeded(reason: String, at: XMLPosition)

    package var description: String {
        switch self {
        case .notFound(let path):
            return "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read: \(reason)"
        case .notXML(let found, let position):
            return "not an XML file: found \(found) at \(position)"
        case .malformed(let reason, let position):
            return "malformed XML at \(position): \(reason)"
        case .truncated(let reason, let position):
            return "the export is truncated at \(position): \(reason)"
        case .notHealthExport(let root, let position):
            return "not an Apple Health export: the root element is <\(root)> (\(position))"
        case .noExportInArchive(let path, let found):
            let listed = found.prefix(8).joined(separator: ", ")
            return "\(path) holds no Apple Health export (apple_health_export/export.xml)"
                + (found.isEmpty ? "; it is empty" : "; it holds: \(listed)\(found.count > 8 ? ", …" : "")")
        case .corruptArchive(let path, let reason, let position):
            return "\(path) is damaged: \(reason)" + (position.map { " (XML read up to \($0))" } ?? "")
        case .limitExceeded(let reason, let position):
            return "refused at \(position): \(reason); no Apple Health export comes near this "
                + "(the file is damaged or made to exhaust memory)"
        }
    }

    /// The position in the XML stream, when the error has one.
    package var position: XMLPosition? {
        switch self {
        case .notXML(_, let position), .malformed(_, let position), .truncated(_, let position),
            .notHealthExport(_, let position), .limitExceeded(_, let position):
            return position
        case .corruptArchive(_, _, let position):
            return position
        default:
            return nil
        }
    }
}

extension HealthExportError: VitalsError {
    package var message: String { description }

    /// A path that is not there or cannot be read stops the import before it starts; a file
    /// that is read but is not a sound export is refused.
    package var kind: VitalsErrorKind {
        switch self {
        case .notFound, .unreadable: return .cannotRun
        default: return .refused
        }
    }
}
