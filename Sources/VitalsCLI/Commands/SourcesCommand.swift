import ArgumentParser
import Foundation
import VitalsKit

/// `vitals sources`: every source that wrote samples, with the last day it wrote, so that an
/// app or device that stopped writing is seen.
struct SourcesCommand: VitalsCommand {
    static let configuration = CommandConfiguration(
        commandName: "sources",
        abstract:
            "List the sources of the samples: how many each wrote, into how many series, and the last day it wrote.",
        discussion:
            "A source whose last day lies more than \(SourcesCommand.quietDays) days before the newest source's is marked: it may have stopped writing. With no database at the default path (a fresh install) it says so in one line and exits 0; a database named by --db, $VITALS_DB or the settings file that is not there exits 2, as the other reading commands do."
    )

    /// Days behind the newest source after which a source is marked as silent.
    static let quietDays = 14

    @OptionGroup var subjectOption: SubjectOption
    @OptionGroup var store: StoreOptions

    func run(with extensions: Extensions) throws {
        try reportingErrors {
            // As `due`: the default database missing (a fresh install) is "no data yet", one
            // line, exit 0 (the demo data has no sources to list); a database named by --db,
            // $VITALS_DB or the settings file that is not there is the error every reading
            // command gives (exit 2).
            let location = try store.location(extensions.storeBackends)
            guard location.isURL || location.exists || location.isChosen else {
                printError(
                    "vitals: no data yet: no database at \(Sanitize.inline(location.display)) (vitals import FILE creates it)"
                )
                return
            }
            let activity = try store.openForReading(extensions.storeBackends).sourceActivity(subject: subjectOption.id)
            guard let newest = activity.map(\.lastDay).max() else {
                printError("vitals: no samples for \(Sanitize.inline(subjectOption.id))")
                return
            }
            let width = min(56, max(6, activity.map(\.source.count).max() ?? 0))
            try say(
                "source".padding(toLength: width, withPad: " ", startingAt: 0)
                    + "   samples  series  first day   last day")
            for entry in activity {
                let name =
                    entry.source.count > width
                    ? String(entry.source.prefix(width - 1)) + "…"
                    : entry.source.padding(toLength: width, withPad: " ", startingAt: 0)
                let behind = newest.dayNumber - entry.lastDay.dayNumber
                let mark = behind > Self.quietDays ? "  silent for \(behind) days before the newest" : ""
                try say(
                    Sanitize.inline(
                        name + pad(entry.samples, 10) + pad(entry.series, 8)
                            + "  \(entry.firstDay)  \(entry.lastDay)" + mark))
            }
        }
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
