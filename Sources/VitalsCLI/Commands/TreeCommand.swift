import ArgumentParser
import Foundation
import VitalsKit
import VitalsScreens

struct TreeCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print pillars → screens → primary metric → child metrics.")

    @Argument(
        help: ArgumentHelp("Only this screen (id like SCREEN_PROTEIN, or alias like protein).", valueName: "SCREEN"))
    var screen: String?

    @Option(help: "Output format: text or json.")
    var format: TreeFormat = .text

    @Flag(help: "Draw branches with ASCII characters.")
    var ascii = false

    @OptionGroup var catalog: CatalogOptions

    enum TreeFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let loaded = try catalog.loadValidCatalog(extensions)
            let only = try screen.map { [try ScreenLookup.screen(named: $0, in: loaded.catalog)] }
            let modules = Set(extensions.screens.customScreenIDs)
            switch format {
            case .text:
                let useASCII = ascii || !LocaleEnvironment.isUTF8(ProcessInfo.processInfo.environment)
                for line in CatalogTree.lines(loaded.catalog, screens: only, ascii: useASCII, customModules: modules) {
                    try say(line)
                }
            case .json:
                try say(
                    CatalogTree.json(loaded.catalog, screens: only, customModules: modules), terminator: "", as: .json)
            }
        }
    }
}
