import Foundation
import VitalsKit

/// What `vitals new-screen` writes: a screen entry, a metrics file with a primary metric
/// (and a new series when none is named), and with `module` a screen module target, its test
/// file, its line in `Package.swift` and its line in the built-in module list.
///
/// Planning checks everything first (the name, the pillar, the chart type, the series, ids
/// and files already taken) so that `apply` either writes every file or none.
package struct ScreenScaffold: Sendable {
    package struct Request: Sendable {
        /// The display name ("Blood Glucose").
        package var name: String
        package var pillarID: String
        package var chartTypeID: String
        /// An existing series to bind; nil creates one named after the screen.
        package var seriesID: String?
        /// The new series' base unit (only without `seriesID`).
        package var unit: String
        package var module: Bool

        package init(
            name: String, pillarID: String, chartTypeID: String = "bar_vertical",
            seriesID: String? = nil, unit: String = "count", module: Bool = false
        ) {
            self.name = name
            self.pillarID = pillarID
            self.chartTypeID = chartTypeID
            self.seriesID = seriesID
            self.unit = unit
            self.module = module
        }
    }

    /// One file to create or replace, relative to the root it was planned for.
    package struct FileChange: Sendable, Equatable {
        package var path: String
        package var contents: String
        /// False for a new file (which must not exist), true for an edit of an existing one.
        package var replacesExisting: Bool
    }

    package var names: ScaffoldNames
    package var changes: [FileChange]

    /// Plans the files for `request` against the loaded `catalog`; paths are relative to the
    /// directory holding `screens/` and `metrics/`, which for `module` must also be the Swift
    /// package checkout `packageRoot`.
    /// The chart type must be one of `chartKinds`.
    package static func plan(
        _ request: Request, catalog: Catalog, chartKinds: ChartKindFactory = .builtIn,
        packageRoot: String?
    ) throws -> ScreenScaffold {
        let names = try ScaffoldNames(request.name)
        guard let pillar = catalog.pillar(request.pillarID) else {
            let known = catalog.orderedPillars.map(\.id)
            throw ScaffoldError.unknownPillar(request.pillarID, known: known)
        }
        guard chartKinds.ids.contains(request.chartTypeID) else {
            throw ScaffoldError.unknownChartType(request.chartTypeID, known: chartKinds.ids)
        }
        if let existing = catalog.screen(named: names.alias) {
            throw ScaffoldError.screenExists(id: existing.id, location: "\(existing.location)")
        }
        if let metric = catalog.metric(names.metricID) {
            throw ScaffoldError.metricIDUsed(names.metricID, location: "\(metric.location)")
        }
        let series = try seriesPlan(request, names: names, catalog: catalog)
        let order = (catalog.screens.filter { $0.pillarID == pillar.id }.map(\.order).max() ?? 0) + 1

        var changes = [
            FileChange(
                path: "screens/\(names.alias).yaml",
                contents: ScaffoldTemplates.screenYAML(
                    names, pillar: pillar.id, order: order,
                    subject: series.subject),
                replacesExisting: false),
            FileChange(
                path: "metrics/\(names.alias).yaml",
                contents: ScaffoldTemplates.metricsYAML(
                    names, chartTypeID: request.chartTypeID,
                    seriesID: series.id, newSeriesUnit: series.newUnit),
                replacesExisting: false),
        ]
        if request.module {
            guard let packageRoot else {
                throw ScaffoldError.moduleNeedsPackage
            }
            changes += try ModuleScaffold.changes(names, packageRoot: packageRoot)
        }
        return ScreenScaffold(names: names, changes: changes)
    }

    /// The series the primary metric binds: the one asked for, or a new one.
    private static func seriesPlan(
        _ request: Request, names: ScaffoldNames,
        catalog: Catalog
    ) throws -> (id: String, newUnit: String?, subject: String) {
        if let id = request.seriesID {
            guard catalog.series(id) != nil else {
                throw ScaffoldError.unknownSeries(id, known: catalog.series.map(\.id))
            }
            return (id, nil, "me")
        }
        guard BaseUnit(rawValue: request.unit) != nil else {
            throw ScaffoldError.unknownUnit(request.unit, known: BaseUnit.allCases.map(\.rawValue))
        }
        if catalog.series(names.alias) != nil {
            throw ScaffoldError.seriesExists(names.alias)
        }
        return (names.alias, request.unit, "me")
    }

    /// Writes every change under `root`; refuses (writing nothing) when a new file already
    /// exists, and removes what it wrote if a later write fails.
    package func apply(root: String) throws {
        let fileManager = FileManager.default
        for change in changes where !change.replacesExisting {
            let path = root + "/" + change.path
            if fileManager.fileExists(atPath: path) {
                throw ScaffoldError.fileExists(change.path)
            }
        }
        var written: [(path: String, previous: String?)] = []
        do {
            for change in changes {
                let url = URL(fileURLWithPath: root + "/" + change.path)
                let previous = change.replacesExisting ? try String(contentsOf: url, encoding: .utf8) : nil
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try change.contents.write(to: url, atomically: true, encoding: .utf8)
                written.append((url.path, previous))
            }
        } catch {
            for file in written.reversed() {
                if let previous = file.previous {
                    try? previous.write(toFile: file.path, atomically: true, encoding: .utf8)
                } else {
                    try? fileManager.removeItem(atPath: file.path)
                }
            }
            throw ScaffoldError.writeFailed(reason: error.localizedDescription)
        }
    }
}

/// The ids and file names derived from a screen's display name.
package struct ScaffoldNames: Sendable, Equatable {
    package var displayName: String
    /// `blood_glucose`: file names, the alias, a new series' id.
    package var alias: String
    /// `SCREEN_BLOOD_GLUCOSE`.
    package var screenID: String
    /// `BLOOD_GLUCOSE_DAILY`, the primary metric.
    package var metricID: String
    /// `BloodGlucose`, for Swift type and target names.
    package var camel: String
    /// `BloodGlucoseScreen`: the module's target and type.
    package var moduleName: String { camel + "Screen" }

    /// Names from a display name of ASCII letters, digits, spaces and hyphens that starts
    /// with a letter, at most 40 characters.
    package init(_ name: String) throws {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let allowed = trimmed.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-")
        }
        guard let first = trimmed.unicodeScalars.first, first.isASCII, CharacterSet.letters.contains(first),
            allowed, trimmed.count <= 40
        else {
            throw ScaffoldError.unusableName(name)
        }
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        displayName = trimmed
        alias = words.map { $0.lowercased() }.joined(separator: "_")
        screenID = "SCREEN_" + alias.uppercased()
        metricID = alias.uppercased() + "_DAILY"
        camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension ScreenScaffold {
    /// The catalog as it will be once the YAML changes are written (`existing` are the files
    /// read now, with paths relative to the same root), for validating before writing.
    package func catalogAfter(existing: [SourceFile]) -> LoadedCatalog {
        let added = changes.filter { $0.path.hasSuffix(".yaml") }
            .map { SourceFile(path: $0.path, text: $0.contents) }
        return CatalogLoader.load(existing + added)
    }
}
