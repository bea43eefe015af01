/// Joins the files read into one catalog in file order, each as it comes (`add`): a file's
/// decoded entries are let go once they are in the catalog, so the loader never holds every
/// file's entries beside the catalog made of them.
struct CatalogMerge {
    private var catalog = Catalog()
    private var diagnostics: [Diagnostic] = []
    private var declarations: [Declaration] = []
    private var sources: [String: String] = [:]
    private var unkept: [String: String] = [:]
    private var names: [String] = []
    /// Every file's name, read or not, in order.
    private(set) var allNames: [String] = []
    /// Why the files that could not be read were not, in order.
    private(set) var failures: [Diagnostic] = []
    /// How many files will be added, and how many have been.
    private let expected: Int
    private var added = 0
    /// How many of the files added held screens, and how many held metrics.
    private var filesWithScreens = 0, filesWithMetrics = 0
    /// The prose of screens and metrics, each text kept once however many entries repeat it.
    private var texts = SharedTexts()

    init(files: Int) {
        expected = files
        allNames.reserveCapacity(files)
    }

    mutating func add(_ read: CatalogLoader.FileLoad) {
        added += 1
        allNames.append(read.name)
        if let failure = read.failure {
            failures.append(failure)
            return
        }
        names.append(read.name)
        if let text = read.text { sources[read.name] = text } else { unkept[read.name] = read.path }
        let result = read.reading
        diagnostics += result.diagnostics
        reserve(for: result.entries)
        for entry in result.entries {
            switch entry {
            case .pillar(let value):
                declarations.append(.init(kind: .pillar, id: value.id, location: value.location(of: "pillar_id")))
                catalog.add(value)
            case .subject(let value):
                declarations.append(.init(kind: .subject, id: value.id, location: value.location(of: "subject_id")))
                catalog.add(value)
            case .series(let value):
                declarations.append(.init(kind: .series, id: value.id, location: value.location(of: "series_id")))
                catalog.add(value)
            case .screen(var value):
                declarations.append(.init(kind: .screen, id: value.id, location: value.location(of: "screen_id")))
                texts.share(&value.description)
                texts.share(&value.emptyMessage)
                catalog.add(value)
            case .metric(var value):
                declarations.append(
                    .init(kind: .metric, id: value.id, location: value.location(of: "display_metric_id")))
                texts.share(&value.aboutWhat)
                texts.share(&value.aboutWhy)
                catalog.add(value)
            case .portion(let value): catalog.portions.record(value)
            }
        }
    }

    /// Room for `entries`. An array that must grow is given what the files so far suggest the
    /// whole catalog needs rather than twice its size: a catalog of 20,000 metrics is not
    /// copied at 16,384 into room for 32,768. The screens and metrics per file are counted over
    /// the files that held any: a catalog's screen files come before its metric files
    /// (`screens/`, then `metrics/`), and counting those among the metric files made the first
    /// guess too small, so the metric array was copied again near the end, when the old and
    /// the new array together were the largest memory of the whole run.
    private mutating func reserve(for entries: [DecodedEntry]) {
        var screens = 0
        var metrics = 0
        for entry in entries {
            switch entry {
            case .screen: screens += 1
            case .metric: metrics += 1
            default: break
            }
        }
        if screens > 0 { filesWithScreens += 1 }
        if metrics > 0 { filesWithMetrics += 1 }
        let capacity = catalog.capacity
        let needed = (screens: catalog.screens.count + screens, metrics: catalog.metrics.count + metrics)
        func estimate(_ count: Int, files: Int = added) -> Int {
            count + count / 50 + count * (expected - added) / max(1, files)
        }
        // Each array only when it must grow: growing one that has room would copy it.
        if needed.screens > capacity.screens {
            catalog.reserveCapacity(
                screens: estimate(needed.screens, files: filesWithScreens) - catalog.screens.count, metrics: 0)
        }
        if needed.metrics > capacity.metrics {
            catalog.reserveCapacity(
                screens: 0, metrics: estimate(needed.metrics, files: filesWithMetrics) - catalog.metrics.count)
        }
        if declarations.count + entries.count > declarations.capacity {
            declarations.reserveCapacity(estimate(declarations.count + entries.count))
        }
    }

    /// The room in the catalog's screen and metric arrays (for the tests).
    var capacity: (screens: Int, metrics: Int) { catalog.capacity }

    /// The catalog of the files added, with their findings in file order.
    func finish() -> LoadedCatalog {
        var catalog = catalog
        catalog.files = names
        return LoadedCatalog(
            catalog: catalog, diagnostics: diagnostics, declarations: declarations,
            sources: sources, unkeptSources: unkept)
    }
}

/// Texts kept once for every entry that repeats them: descriptions and `about_what`/`about_why`
/// lines are often the same for the metrics of a screen or a family of screens, and each copy
/// read from a file is an allocation of its own. Short texts are stored inside the string and
/// not looked up.
struct SharedTexts {
    private var kept: Set<String> = []

    /// Replaces `text` by the equal text kept before, or keeps it.
    mutating func share(_ text: inout String?) {
        guard let value = text, value.utf8.count > 15 else { return }
        text = kept.insert(value).memberAfterInsert
    }
}
