import ArgumentParser
import Foundation
import VitalsKit

/// `vitals foods`: the food library, searched.
struct FoodsCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "foods",
        abstract:
            "List the food library (foods: in the catalog), e.g. `vitals foods rice` or `vitals foods --favorites`.",
        discussion:
            "Each food with what one portion counts toward and what it weighs; log one with `vitals log food NAME [AMOUNT UNIT]`."
    )

    @Argument(help: ArgumentHelp("Only foods whose name, category or notes contain this text.", valueName: "SEARCH"))
    var search: String?

    @Flag(help: "Only favourites.")
    var favorites = false

    @Flag(help: "Mark favourites with * instead of ★.")
    var ascii = false

    @OptionGroup var catalog: CatalogOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let book = try catalog.loadValidCatalog(extensions).catalog.portions
            guard !book.foods.isEmpty else {
                throw CommandError(
                    "the catalog has no foods",
                    hints: ["add them under foods: in metrics/foods.yaml (see CONTRIBUTING.md)"])
            }
            let found = FoodLibrary.search(search, favoritesOnly: favorites, in: book)
            guard !found.isEmpty else {
                let what = favorites ? "no favourite foods" : "no foods"
                throw CommandError(
                    search.map { "\(what) match '\(Sanitize.inline($0))'" } ?? what,
                    hints: ["vitals foods lists the whole library"])
            }
            let useASCII = ascii || !LocaleEnvironment.isUTF8(ProcessInfo.processInfo.environment)
            for line in FoodListing.lines(found, book: book, ascii: useASCII) { try say(line) }
        }
    }
}
