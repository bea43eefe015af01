import VitalsKit

/// A declaration with a key of every kind, for the decoder's tests (not a shipped module's).
struct FixtureKeys: ConfigDeclaration {
    var count = ConfigKey.integer("count", unit: "days", in: 1...30, doc: "Days counted.").defaulting(to: 7)
    var ratio = ConfigKey.number("ratio", in: 0.5...2, above: 0, doc: "A ratio.").required()
    var label = ConfigKey.text("label", doc: "A label.")
    var mode = ConfigKey.choice("mode", ["fast", "slow"], doc: "How.").defaulting(to: "fast")
    var enabled = ConfigKey.boolean("enabled", doc: "Whether.").defaulting(to: true)
    var start = ConfigKey.date("start", doc: "From when.")
    var at = ConfigKey.clockTime("at", before: 12 * 60, doc: "A time before noon.")
    var glass = ConfigKey.quantity("glass", unit: "ml", in: 50...1000, doc: "One glass.").defaulting(to: 250)
    var tags = ConfigKey.list("tags", of: ConfigKey.text("tag", doc: "One tag."), atLeast: 1, doc: "Tags.")
    var window = ConfigKey.object("window", WindowKeys.self, doc: "A window.")
    var steps = ConfigKey.list("steps", of: StepKeys.self, itemName: "step", doc: "Steps.").defaulting(to: [])
    init() {}
}

/// A nested block with a check between its keys.
struct WindowKeys: ConfigDeclaration {
    var low = ConfigKey.number("low", doc: "Low end.").required()
    var high = ConfigKey.number("high", doc: "High end.").required()
    init() {}

    static func check(_ values: ConfigValues<WindowKeys>, problems: inout ConfigProblems) {
        if values.low >= values.high { problems.error("window high must be above low", at: values.node(\.high)) }
    }
}

/// One item of a list of blocks.
struct StepKeys: ConfigDeclaration {
    var name = ConfigKey.text("name", doc: "Its name.").required()
    var minutes = ConfigKey.integer("minutes", in: 0...600, doc: "How long.")
    init() {}
}
