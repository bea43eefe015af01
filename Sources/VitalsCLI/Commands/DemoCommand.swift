import ArgumentParser
import Foundation
import VitalsDemo
import VitalsKit

/// `vitals demo`: writes the deterministic demo data set to a database file.
struct DemoCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write the deterministic demo data set (about 400 days for me, a puppy year for ollie).",
        discussion: "The same --seed and --as-of always give a byte-identical database file.")

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("Seed of the pseudo-random generator.", valueName: "N"))
    var seed: UInt64 = DemoData.defaultSeed

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("The last day with data, YYYY-MM-DD (default: today).", valueName: "DATE"))
    var asOf: String?

    @Flag(help: "Replace an existing database file.")
    var force = false

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            let location = try store.location(extensions.storeBackends)
            let day = try parseDate(asOf, option: "--as-of") ?? LocalDate.today()
            if location.origin == .xdg || location.origin == .home {
                try? FileManager.default.createDirectory(
                    atPath: (location.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            }
            let demo = DemoData(seed: seed, asOf: day)
            let count = try demo.write(to: location.path, force: force, backends: extensions.storeBackends)
            try say(
                "wrote \(count) demo samples (\(day.adding(days: -(demo.days - 1))) to \(day), seed \(seed)) to \(Sanitize.inline(location.path))"
            )
        }
    }
}
