import ArgumentParser
import VitalsKit

struct RulesCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the validation rules with their summaries.")

    @Flag(help: "Also print each rule's YAML examples (must trigger / must not trigger).")
    var examples = false

    func run(with extensions: Extensions) throws {
        try reportingErrors { try list(extensions.ruleDescriptions) }
    }

    private func list(_ descriptions: [RuleDescription]) throws {
        let width = descriptions.map(\.id.count).max() ?? 0
        for rule in descriptions {
            let id = rule.id.padding(toLength: width, withPad: " ", startingAt: 0)
            let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
            try say("\(id)  \(severity)  \(rule.summary)")
            guard examples else { continue }
            for (label, snippets) in [("triggers", rule.triggering), ("passes", rule.nonTriggering)] {
                for snippet in snippets {
                    try say("    # \(label):")
                    for line in snippet.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                        try say("    \(line)")
                    }
                }
            }
        }
    }
}
