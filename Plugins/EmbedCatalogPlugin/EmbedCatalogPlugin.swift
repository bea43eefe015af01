import Foundation
import PackagePlugin

/// Build-tool plugin of the `ShippedCatalog` target: before each build it lists the YAML files
/// under the package's `screens/` and `metrics/` and has `embed-catalog` write them into one
/// Swift source, so the `vitals` binary carries the catalog it was built with and needs no
/// checkout at run time.
///
/// The file list is part of the command's arguments, so adding or removing a file reruns the
/// command; editing one does too (the files are its inputs).
@main
struct EmbedCatalogPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        // The same embedding serves the language tables (`ShippedLanguages`, languages/*.yaml).
        let isLanguages = target.name == "ShippedLanguages"
        var relativePaths: [String] = []
        for directory in isLanguages ? ["languages"] : ["screens", "metrics"] {
            let url = root.appendingPathComponent(directory)
            guard let names = try? FileManager.default.subpathsOfDirectory(atPath: url.path) else { continue }
            for name in names where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                relativePaths.append(directory + "/" + name)
            }
        }
        relativePaths.sort()
        let typeName = isLanguages ? "ShippedLanguages" : "ShippedCatalog"
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(typeName)Files.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(typeName) (\(relativePaths.count) YAML files)",
                executable: try context.tool(named: "embed-catalog").url,
                arguments: ["--type", typeName, output.path, root.path] + relativePaths,
                inputFiles: relativePaths.map { root.appendingPathComponent($0) },
                outputFiles: [output])
        ]
    }
}
