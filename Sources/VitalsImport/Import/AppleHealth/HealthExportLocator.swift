import VitalsKit

/// Picks the export XML among the files of a zip or folder, whatever language named it.
///
/// The Health app writes `apple_health_export/export.xml`, but the name is localised
/// (`Export.xml`, `导出.xml`, `экспорт.xml`) and the folder also holds `export_cda.xml` (clinical
/// documents, not samples); zips made on a Mac add `__MACOSX/` and `._` resource forks.
package enum HealthExportLocator {
    /// A file in an archive or folder: its path (with `/`) and size in bytes.
    package struct Candidate: Sendable, Hashable {
        package var path: String
        package var size: Int64

        package init(path: String, size: Int64) {
            self.path = path
            self.size = size
        }
    }

    /// The path of the export XML among `files`, or nil when there is none.
    ///
    /// Candidates are `.xml` files at the top or one folder down, outside `__MACOSX/`, not `._`
    /// resource forks and not `*_cda.xml`. Files in `apple_health_export/` come first, then one
    /// named `export.xml` in any case, then the largest (the sample export dwarfs anything else).
    package static func exportXML(among files: [Candidate]) -> String? {
        let candidates = files.filter(isCandidate)
        return candidates.max { rank($0) < rank($1) }?.path
    }

    /// Whether `path` could be the export XML.
    package static func isCandidate(_ file: Candidate) -> Bool {
        let components = file.path.split(separator: "/").filter { $0 != "." }
        guard let name = components.last, components.count <= 2 else { return false }
        let lowered = name.lowercased()
        return lowered.hasSuffix(".xml") && !lowered.hasSuffix("_cda.xml") && !name.hasPrefix("._")
            && !components.contains { $0.uppercased() == "__MACOSX" }
    }

    private static func rank(_ file: Candidate) -> (Int, Int, Int64) {
        let components = file.path.split(separator: "/").filter { $0 != "." }
        let inExportFolder = components.count == 2 && components[0].lowercased() == "apple_health_export"
        let named = components.last?.lowercased() == "export.xml"
        return (inExportFolder ? 1 : 0, named ? 1 : 0, file.size)
    }
}
