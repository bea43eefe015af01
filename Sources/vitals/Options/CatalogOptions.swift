import ArgumentParser
import Foundation
import VitalsKit

/// Where the YAML catalog is read from.
struct CatalogOptions: ParsableArguments {
    @Option(name: .customLong("catalog"), help: ArgumentHelp(
        "Directory holding screens/ and metrics/ (default: the current directory, else the catalog shipped with vitals).",
        valueName: "DIR"))
    var catalogRoot: String?
}
