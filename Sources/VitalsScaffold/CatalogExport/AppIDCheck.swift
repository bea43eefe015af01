import Foundation
import VitalsKit

/// `vitals validate --app-ids FILE`: the ids an app uses, each still in the catalog. FILE is a
/// catalog export the app was built against (`vitals export catalog --format json`, every
/// screen and metric id in it, former ids too) or a list of ids, one a line (`#` starts a
/// comment). An id is still there when a screen has it as its id or a former id, or a metric,
/// pillar or chart kind has it; one that is gone is an error at its line in FILE.
package enum AppIDCheck {
    package static let rule = "app-id-gone"

    /// The ids FILE's text lists, each at its line.
    package static func ids(in text: String, file: String) throws -> [(id: String, location: SourceLocation)] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                object["format"] as? String == "vitals-catalog"
            else {
                throw AppIDFileError(
                    description:
                        "\(Sanitize.inline(file)): a JSON file given to --app-ids is a catalog export (vitals export catalog --format json)"
                )
            }
            let lines = text.components(separatedBy: "\n")
            /// Where the id is written: its line, the column after its opening quote.
            func location(of id: String) -> SourceLocation {
                for (index, line) in lines.enumerated() {
                    if let range = line.range(of: "\"\(id)\"") {
                        return SourceLocation(
                            file: file, line: index + 1,
                            column: line.distance(from: line.startIndex, to: range.lowerBound) + 2)
                    }
                }
                return SourceLocation(file: file, line: 1, column: 1)
            }
            var ids: [String] = []
            for entry in object["screens"] as? [[String: Any]] ?? [] {
                if let id = entry["id"] as? String { ids.append(id) }
            }
            for entry in object["metrics"] as? [[String: Any]] ?? [] {
                if let id = entry["id"] as? String { ids.append(id) }
            }
            return ids.map { ($0, location(of: $0)) }
        }
        var found: [(String, SourceLocation)] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let column = (raw.range(of: line).map { raw.distance(from: raw.startIndex, to: $0.lowerBound) } ?? 0) + 1
            found.append((line, SourceLocation(file: file, line: index + 1, column: column)))
        }
        return found
    }

    /// An error for each id of `ids` no screen, former id, metric, pillar or chart kind has.
    package static func findings(
        _ ids: [(id: String, location: SourceLocation)], catalogs: [Catalog], chartKinds: ChartKindFactory
    ) -> [Diagnostic] {
        var known: Set<String> = Set(chartKinds.ids)
        for catalog in catalogs {
            for screen in catalog.screens {
                known.insert(screen.id)
                known.formUnion(screen.formerIDs)
            }
            known.formUnion(catalog.metrics.map(\.id))
            known.formUnion(catalog.pillars.map(\.id))
        }
        return ids.filter { !known.contains($0.id) }.map { item in
            Diagnostic(
                .error, rule: rule,
                "the app uses '\(Sanitize.inline(item.id))', which the catalog no longer has "
                    + "(as a screen id, a former id, a metric, pillar or chart kind); a renamed screen keeps its old id in former_ids",
                at: item.location)
        }
    }
}

/// A `--app-ids` file that is neither a catalog export nor a list of ids.
package struct AppIDFileError: Error, CustomStringConvertible {
    package var description: String
}
