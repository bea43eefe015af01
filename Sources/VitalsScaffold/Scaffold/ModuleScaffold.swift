import Foundation
import VitalsKit

/// The Swift side of `vitals new-screen --module`: the module target, its test file, its
/// name in `Package.swift`'s `screenModules` list and its line in `BuiltInScreens.swift`.
enum ModuleScaffold {
    static let packageFile = "Package.swift"
    static let listFile = "Sources/VitalsScreens/BuiltInScreens.swift"

    static func changes(_ names: ScaffoldNames, packageRoot: String) throws -> [ScreenScaffold.FileChange] {
        let module = names.moduleName
        let package = try read(packageRoot, packageFile)
        let list = try read(packageRoot, listFile)
        if package.contains("\"\(module)\"") {
            throw ScaffoldError.moduleListed(module, packageFile: packageFile)
        }
        return [
            .init(
                path: "Sources/Screens/\(module)/\(module).swift", contents: moduleSwift(names), replacesExisting: false
            ),
            .init(path: "Tests/ScreensTests/\(module)Tests.swift", contents: testSwift(names), replacesExisting: false),
            .init(path: packageFile, contents: try addingToPackage(package, module: module), replacesExisting: true),
            .init(path: listFile, contents: try addingToList(list, module: module), replacesExisting: true),
        ]
    }

    private static func read(_ root: String, _ path: String) throws -> String {
        guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else {
            throw ScaffoldError.unreadablePackageFile(path, root: root)
        }
        return text
    }

    /// `Package.swift` with `module` appended to the `screenModules` array.
    static func addingToPackage(_ text: String, module: String) throws -> String {
        guard let start = text.range(of: "let screenModules = ["),
            let end = text.range(of: "\n]", range: start.upperBound..<text.endIndex)
        else {
            throw ScaffoldError.noModuleList(file: packageFile, list: "let screenModules = [ … ]", module: module)
        }
        var out = text
        out.insert(contentsOf: "\n    \"\(module)\",", at: end.lowerBound)
        return out
    }

    /// `BuiltInScreens.swift` with the module imported and listed last in `all`.
    static func addingToList(_ text: String, module: String) throws -> String {
        guard let listStart = text.range(of: "public static let all: [any ScreenModule] = ["),
            let listEnd = text.range(of: "\n    ]", range: listStart.upperBound..<text.endIndex)
        else {
            throw ScaffoldError.noModuleList(
                file: listFile, list: "public static let all: [any ScreenModule] = [ … ]", module: module)
        }
        var out = text
        out.insert(contentsOf: "\n        \(module)(),", at: listEnd.lowerBound)
        // Imports stay sorted: insert before the first import that sorts after this one.
        let importLine = "import \(module)\n"
        let lines = out.components(separatedBy: "\n")
        let imports = lines.enumerated().filter { $0.element.hasPrefix("import ") }
        let position =
            imports.first { $0.element > "import \(module)" }?.offset ?? (imports.last.map { $0.offset + 1 } ?? 0)
        let offset = lines.prefix(position).reduce(0) { $0 + $1.count + 1 }
        out.insert(contentsOf: importLine, at: out.index(out.startIndex, offsetBy: offset))
        return out
    }

    static func moduleSwift(_ names: ScaffoldNames) -> String {
        """
        import VitalsKit

        /// The \(names.displayName) screen (\(names.screenID)): the header, the primary metric's
        /// chart with a one-line summary, its children on request, and the About text.
        ///
        /// `context.compose` lays the screen out as every screen is: the header, `summary`, the
        /// charts (each adjusted by `adjust` before it is drawn), the empty state, "more
        /// metrics" and the About text. `MetricChartBuilder(context:).input(for:)` reads a
        /// metric's data in its chart's shape; `context.chartBlock(_:chartTypeID:metricID:)`
        /// turns any ChartInput into a block for `extras`. To read a `config:` block from the
        /// screen's YAML, declare a `Config` type and `decodeConfig` (see GezondheidScreen).
        public struct \(names.moduleName): ScreenModule {
            public static let screenID = "\(names.screenID)"

            public init() {}

            public func render(_ context: ScreenContext, config: NoScreenConfig?) throws -> ScreenDocument {
                var summary: [ScreenBlock] = []
                if let primary = context.metricsToDraw.first, primary.binding.seriesID != nil,
                    let latest = try context.query(for: primary).fetchLatest(from: context.store)
                {
                    let text = "Latest: " + context.profile.numbers.format(latest.value, unit: latest.unit)
                    summary.append(
                        ScreenBlock(
                            kind: .summary, metricID: primary.id, rows: [.line(text, Style(bold: true))],
                            data: .object([("latest", .number(latest.value))])))
                }
                return try context.compose(module: Self.screenID, summary: summary)
            }
        }

        """
    }

    static func testSwift(_ names: ScaffoldNames) -> String {
        """
        import VitalsKit
        import XCTest

        /// \(names.moduleName) draws \(names.screenID), with and without data.
        final class \(names.moduleName)Tests: XCTestCase {
            typealias F = ScreenFixtures

            func testTheModuleDrawsItsScreenWithAnEmptyStateWhenNothingIsLogged() throws {
                let document = try F.document("\(names.screenID)", store: F.emptyStore, profile: F.profile("unicode"))
                XCTAssertEqual(document.module, "\(names.screenID)")
                XCTAssertEqual(document.blocks.first?.kind, .header)
                XCTAssertTrue(document.blocks.contains { $0.kind == .empty })
            }
        }

        """
    }
}
