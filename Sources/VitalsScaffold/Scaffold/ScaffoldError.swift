import VitalsKit

/// Why `vitals new-screen` planned or wrote nothing.
package enum ScaffoldError: VitalsError, Equatable {
    /// A display name that cannot name files and Swift types.
    case unusableName(String)
    case unknownPillar(String, known: [String])
    case unknownChartType(String, known: [String])
    /// A screen with the new screen's alias exists; `location` is where it is declared.
    case screenExists(id: String, location: String)
    case metricIDUsed(String, location: String)
    /// `--series` names no series of the catalog.
    case unknownSeries(String, known: [String])
    /// `--unit` for a new series names no base unit.
    case unknownUnit(String, known: [String])
    case seriesExists(String)
    /// `--module` outside a Vitals package checkout.
    case moduleNeedsPackage
    /// A file the plan would create exists already (path relative to the catalog root).
    case fileExists(String)
    /// Writing failed; what was written was removed again.
    case writeFailed(reason: String)
    /// A file of the package checkout `--module` edits could not be read.
    case unreadablePackageFile(String, root: String)
    /// `Package.swift` already lists the module.
    case moduleListed(String, packageFile: String)
    /// The list the module would be added to was not found in `file`.
    case noModuleList(file: String, list: String, module: String)

    package var message: String {
        switch self {
        case .unusableName(let name):
            return "'\(Sanitize.inline(name))' is not a usable screen name"
        case .unknownPillar(let id, _):
            return "unknown pillar '\(Sanitize.inline(id))'"
        case .unknownChartType(let id, _):
            return "unknown chart type '\(Sanitize.inline(id))'"
        case .screenExists(let id, let location):
            return "a screen named \(id) already exists (\(location))"
        case .metricIDUsed(let id, let location):
            return "metric id \(id) is already used (\(location))"
        case .unknownSeries(let id, _):
            return "unknown series '\(Sanitize.inline(id))'"
        case .unknownUnit(let unit, _):
            return "unknown unit '\(Sanitize.inline(unit))' for a new series"
        case .seriesExists(let id):
            return "a series named \(id) already exists"
        case .moduleNeedsPackage:
            return "--module needs the Vitals package checkout (no Package.swift next to the catalog)"
        case .fileExists(let path):
            return "\(path) already exists; nothing was written"
        case .writeFailed(let reason):
            return "could not write the new screen: \(reason); nothing was kept"
        case .unreadablePackageFile(let path, let root):
            return "cannot read \(path) in \(root); --module needs the Vitals package checkout"
        case .moduleListed(let module, let packageFile):
            return "\(packageFile) already lists a module named \(module)"
        case .noModuleList(let file, let list, let module):
            return "\(file) has no `\(list)` list to add \(module) to"
        }
    }

    package var hints: [String] {
        switch self {
        case .unusableName:
            return [
                "use 1–40 ASCII letters, digits, spaces or hyphens, starting with a letter (e.g. \"Blood Glucose\")",
                "the name can be changed in the YAML afterwards; it also names files and Swift types",
            ]
        case .unknownPillar(let id, let known):
            return [didYouMean(id, among: known) ?? "pillars: " + known.joined(separator: ", ")]
        case .unknownChartType(let id, let known):
            return [didYouMean(id, among: known) ?? "chart types: " + known.joined(separator: ", ")]
        case .unknownSeries(let id, let known):
            return [didYouMean(id, among: known) ?? "vitals tree --format json lists the series in use"]
        case .unknownUnit(_, let known):
            return ["units: " + known.joined(separator: ", ")]
        case .seriesExists(let id):
            return ["bind it with --series \(id)"]
        case .moduleNeedsPackage:
            return ["run it in the repository root, or leave out --module for a YAML-only screen"]
        case .fileExists:
            return ["pick another name, or remove the file first"]
        default:
            return []
        }
    }

    /// The name and `--unit` are checked for their form, like option values; the rest is a
    /// refused request, as vitals has always reported it (exit 1), a failed write included.
    package var kind: VitalsErrorKind {
        switch self {
        case .unusableName, .unknownUnit: return .badArgument
        default: return .refused
        }
    }
}
