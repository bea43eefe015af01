import ArgumentParser
import VitalsKit

struct ModulesCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "modules",
        abstract: "List screen modules and the config keys each reads.",
        discussion:
            "Every screen without a module of its own is drawn by the generic layout. The same keys check a screen's config: in vitals validate and in editors (vitals schema)."
    )

    @Option(help: "Output format: text or json.")
    var format: ModulesFormat = .text

    enum ModulesFormat: String, CaseIterable, ExpressibleByArgument { case text, json }

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let modules = extensions.screens.customModules
            switch format {
            case .text:
                for (index, module) in modules.enumerated() {
                    if index > 0 { try say("") }
                    let keys = type(of: module).configKeys
                    try say("\(module.screenID)" + (keys == nil || keys?.isEmpty == true ? ": no config keys" : ""))
                    for line in ConfigKeySpec.lines(keys ?? []) { try say(line) }
                }
            case .json:
                let entries = modules.map { module in
                    let keys = type(of: module).configKeys.map(ConfigKeySpec.listingJSON) ?? "null"
                    return "    {\"screen_id\": \(JSONString.quote(module.screenID)), \"config\": \(keys)}"
                }
                try say("{\"modules\": [\n" + entries.joined(separator: ",\n") + "\n]}", as: .json)
            }
        }
    }
}
