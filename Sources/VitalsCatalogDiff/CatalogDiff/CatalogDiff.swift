import VitalsKit

/// The rendered effect of a catalog change: every active screen of either catalog drawn on the
/// same data, as-of day and settings, compared as text (80 columns, no colour) and as the
/// numbers of its JSON, each changed screen with the YAML entries behind it that changed.
package enum CatalogDiff {
    /// One side of the comparison: its name in the output and its checked catalog.
    package struct Side: Sendable {
        package var label: String
        package var loaded: LoadedCatalog

        package init(label: String, loaded: LoadedCatalog) {
            self.label = label
            self.loaded = loaded
        }
    }

    /// A screen drawn on one side: its lines and JSON, or the reason it could not be drawn.
    struct Drawn: Sendable {
        var lines: [String]
        var json: JSONValue?
        var document: ScreenDocument?
    }

    /// Compares `old` and `new`. Screens are drawn on every core when the store is a SQLite
    /// file (a server's snapshot is one session, drawn in turn).
    package static func compare(
        old: Side, new: Side, extensions: Extensions, store: SampleStore,
        request: ScreenRequest, profile: RenderProfile = RenderProfile(width: 80)
    ) throws -> CatalogDiffResult {
        let oldScreens = old.loaded.catalog.activeScreensInOrder
        let newScreens = new.loaded.catalog.activeScreensInOrder
        let newIDs = Set(newScreens.map(\.id))
        let ids = newScreens.map(\.id) + oldScreens.map(\.id).filter { !newIDs.contains($0) }
        var jobs: [(side: Int, screen: DisplayScreen)] = []
        for id in ids {
            if let screen = old.loaded.catalog.screen(id), screen.isActive { jobs.append((0, screen)) }
            if let screen = new.loaded.catalog.screen(id), screen.isActive { jobs.append((1, screen)) }
        }
        let catalogs = [old.loaded.catalog, new.loaded.catalog]
        let draw: @Sendable (Int, DisplayScreen) -> Drawn = { side, screen in
            do {
                let document = try extensions.screens.render(
                    ScreenContext(
                        catalog: catalogs[side], screen: screen, store: store,
                        request: request, profile: profile,
                        chartKinds: extensions.chartKinds))
                return Drawn(lines: document.lines(width: profile.width), json: document.json, document: document)
            } catch {
                let message = (error as? any VitalsError)?.message ?? String(describing: error)
                return Drawn(lines: ["\(screen.name) could not be drawn: \(message)"], json: nil, document: nil)
            }
        }
        let drawn: [Drawn] = try store.readingAsOneSnapshot {
            guard store.connection.readsInParallel else { return jobs.map { draw($0.side, $0.screen) } }
            return ParallelMap.mapInCallersWords(jobs) { job in draw(job.side, job.screen) }
        }
        var byScreen: [String: [Drawn?]] = [:]
        for (job, result) in zip(jobs, drawn) { byScreen[job.screen.id, default: [nil, nil]][job.side] = result }

        let entryChanges = EntryChanges.compare(old: old.loaded.sources, new: new.loaded.sources)
        let attributed = Set(ids.flatMap { ScreenDependencies.entries(of: $0, in: catalogs) })
        var screens: [ScreenDiff] = []
        var unchanged = 0
        for id in ids {
            let pair = byScreen[id] ?? [nil, nil]
            let before = pair[0]
            let after = pair[1]
            if let before, let after, before.lines == after.lines, before.json == after.json {
                unchanged += 1
                continue
            }
            let screen = new.loaded.catalog.screen(id) ?? old.loaded.catalog.screen(id)!
            let status: ScreenDiff.Status = before == nil ? .added : after == nil ? .removed : .changed
            let causes = ScreenDependencies.entries(of: id, in: catalogs)
            var diff = ScreenDiff(
                screenID: id, name: screen.name, status: status,
                textDiff: LineDiff.unified(
                    before?.lines ?? [], after?.lines ?? [],
                    oldName: "\(id) (\(old.label))", newName: "\(id) (\(new.label))"),
                numbers: NumberChange.changes(old: before?.json, new: after?.json),
                causes: entryChanges.filter { causes.contains($0.section + "/" + $0.id) },
                oldDocument: before?.document, newDocument: after?.document)
            // Drawn alike with the same numbers: what differs is a word of its JSON, named here.
            if diff.textDiff.isEmpty, diff.numbers.isEmpty {
                diff.words = WordChange.changes(old: before?.json, new: after?.json)
            }
            if diff.causes.isEmpty {
                // Nothing of its own changed: a change to what every screen shares (categories,
                // foods, budgets, meal slots) or to another screen it reads.
                diff.causes = entryChanges.filter { !attributed.contains($0.section + "/" + $0.id) }
                diff.causesAreShared = true
            }
            screens.append(diff)
        }
        return CatalogDiffResult(
            oldLabel: old.label, newLabel: new.label, asOf: request.asOf, screens: screens,
            unchangedScreens: unchanged, entryChanges: entryChanges)
    }
}

/// What a screen is drawn from, by `section/id`: itself, its pillar and subject, its metrics
/// (active or not) and the series they read or divide by, on either side.
enum ScreenDependencies {
    static func entries(of screenID: String, in catalogs: [Catalog]) -> Set<String> {
        var names: Set<String> = ["screens/" + screenID]
        for catalog in catalogs {
            if let screen = catalog.screen(screenID) {
                names.insert("pillars/" + screen.pillarID)
                names.insert("subjects/" + screen.subjectID)
            }
            for metric in catalog.metrics(of: screenID, includeInactive: true) {
                names.insert("metrics/" + metric.id)
                if let series = metric.binding.seriesID { names.insert("series/" + series) }
                if let divisor = metric.binding.divideBy { names.insert("series/" + divisor) }
            }
        }
        return names
    }
}

/// A screen drawn differently by the two catalogs.
package struct ScreenDiff: Sendable {
    package enum Status: String, Sendable, CaseIterable { case added, removed, changed }

    package var screenID: String
    package var name: String
    package var status: Status
    /// The unified diff of its text (empty when only numbers the text does not show moved).
    package var textDiff: String
    package var numbers: [NumberChange]
    /// When its text and numbers are alike: the strings and flags of its JSON that differ.
    package var words: [WordChange] = []
    /// The entries behind it that changed.
    package var causes: [EntryChange]
    /// Whether `causes` are changes to shared entries rather than the screen's own.
    package var causesAreShared = false
    package var oldDocument: ScreenDocument?
    package var newDocument: ScreenDocument?
}

/// What `vitals diff` found.
package struct CatalogDiffResult: Sendable {
    package var oldLabel: String
    package var newLabel: String
    package var asOf: LocalDate
    /// The screens drawn differently, in the new catalog's order, then those removed.
    package var screens: [ScreenDiff]
    package var unchangedScreens: Int
    /// Every entry that differs, whether or not it changed a screen.
    package var entryChanges: [EntryChange]

    /// Whether any number on any screen differs (a screen added or removed counts when it shows numbers).
    package var numbersChanged: Bool { screens.contains { !$0.numbers.isEmpty } }
}
