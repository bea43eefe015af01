/// The registry: every pillar, subject, series, screen and metric loaded from the YAML files,
/// with lookups by id and the orderings screens are drawn in.
///
/// A catalog is a plain value. It does not know the store or the terminal; the loader builds
/// it and the validator checks it. Where an id is declared twice the first declaration (in file
/// order) is kept here and the validator reports the second.
public struct Catalog: Sendable {
    public private(set) var pillars: [Pillar] = []
    public private(set) var subjects: [Subject] = []
    public private(set) var series: [Series] = []
    public private(set) var screens: [DisplayScreen] = []
    public private(set) var metrics: [DisplayMetric] = []
    /// The DragonHealth day: categories, meal slots, foods and budgets (Portions/).
    public package(set) var portions = PortionBook()
    /// The files the catalog was read from, in load order.
    public var files: [String] = []
    /// The catalog's own language tables (its `languages/` directory, as `validate` reads
    /// them), by code: they come before the shipped ones (`words(for:)`). Read on every run,
    /// not part of a compiled copy.
    public var languages: [String: LanguageTable] = [:]

    private var pillarIndex: [String: Int] = [:]
    private var subjectIndex: [String: Int] = [:]
    private var seriesIndex: [String: Int] = [:]
    private var screenIndex: [String: Int] = [:]
    /// Former ids (`former_ids`) → screen; the first screen to claim one keeps it.
    private var formerIDIndex: [String: Int] = [:]
    private var metricIndex: [String: Int] = [:]
    /// The metrics of each screen and the children of each metric, as indexes in `metrics`
    /// in the order they were added.
    private var metricsOfScreen: [String: [Int]] = [:]
    private var childrenOfMetric: [String: [Int]] = [:]

    public init() {
        subjects = [.me]
        subjectIndex = ["me": 0]
    }

    // MARK: Building

    /// Makes room for this many more screens and metrics, for a loader that knows how many
    /// follow (an array grown by doubling holds up to twice what it needs).
    public mutating func reserveCapacity(screens: Int, metrics: Int) {
        self.screens.reserveCapacity(self.screens.count + screens)
        self.metrics.reserveCapacity(self.metrics.count + metrics)
        metricIndex.reserveCapacity(self.metrics.count + metrics)
    }

    /// How many screens and metrics fit before the arrays must grow.
    package var capacity: (screens: Int, metrics: Int) { (screens.capacity, metrics.capacity) }

    /// Adds a pillar; returns false (and keeps the first) when the id is taken.
    @discardableResult public mutating func add(_ pillar: Pillar) -> Bool {
        guard pillarIndex[pillar.id] == nil else { return false }
        pillarIndex[pillar.id] = pillars.count
        pillars.append(pillar)
        return true
    }

    /// Adds a subject; a file may redeclare the built-in `me` once.
    @discardableResult public mutating func add(_ subject: Subject) -> Bool {
        if let index = subjectIndex[subject.id] {
            guard subjects[index].location.file == "<built-in>" else { return false }
            subjects[index] = subject
            return true
        }
        subjectIndex[subject.id] = subjects.count
        subjects.append(subject)
        return true
    }

    @discardableResult public mutating func add(_ series: Series) -> Bool {
        guard seriesIndex[series.id] == nil else { return false }
        seriesIndex[series.id] = self.series.count
        self.series.append(series)
        return true
    }

    @discardableResult public mutating func add(_ screen: DisplayScreen) -> Bool {
        guard screenIndex[screen.id] == nil else { return false }
        screenIndex[screen.id] = screens.count
        for former in screen.formerIDs where formerIDIndex[former] == nil {
            formerIDIndex[former] = screens.count
        }
        screens.append(screen)
        return true
    }

    @discardableResult public mutating func add(_ metric: DisplayMetric) -> Bool {
        guard metricIndex[metric.id] == nil else { return false }
        metricIndex[metric.id] = metrics.count
        metricsOfScreen[metric.screenID, default: []].append(metrics.count)
        if let parent = metric.parentID { childrenOfMetric[parent, default: []].append(metrics.count) }
        metrics.append(metric)
        return true
    }

    // MARK: Lookups

    public func pillar(_ id: String) -> Pillar? { pillarIndex[id].map { pillars[$0] } }
    public func subject(_ id: String) -> Subject? { subjectIndex[id].map { subjects[$0] } }
    public func series(_ id: String) -> Series? { seriesIndex[id].map { series[$0] } }
    public func screen(_ id: String) -> DisplayScreen? { screenIndex[id].map { screens[$0] } }
    public func metric(_ id: String) -> DisplayMetric? { metricIndex[id].map { metrics[$0] } }

    /// Finds a screen by id (any case) or by its short alias (`protein`, `meal_timing`,
    /// `meal-timing`); then by a former id or its short form (`SCREEN_MEDITATION`, `meditation`).
    /// A current id always wins over a former one.
    public func screen(named name: String) -> DisplayScreen? {
        let wanted = name.uppercased().replacingOccurrences(of: "-", with: "_")
        for index in [screenIndex, formerIDIndex] {
            if let found = index[wanted] ?? index["SCREEN_" + wanted] { return screens[found] }
        }
        return nil
    }

    /// The screen whose `former_ids` lists `id` (exactly as written), if any.
    public func screen(formerID id: String) -> DisplayScreen? {
        formerIDIndex[id].map { screens[$0] }
    }

    /// Pillars in display order (`order`, then id).
    public var orderedPillars: [Pillar] {
        pillars.sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// Screens of a pillar in display order.
    public func screens(of pillarID: String, includeInactive: Bool = false) -> [DisplayScreen] {
        screens.filter { $0.pillarID == pillarID && (includeInactive || $0.isActive) }
            .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// The active metric of `screenID` that plays `role` (the first in screen order).
    public func metric(playing role: MetricRole, on screenID: String) -> DisplayMetric? {
        metrics(of: screenID).first { $0.role == role }
    }

    /// Metrics of a screen in display order (primary first, then `order`, then id).
    public func metrics(of screenID: String, includeInactive: Bool = false) -> [DisplayMetric] {
        (metricsOfScreen[screenID] ?? []).map { metrics[$0] }
            .filter { includeInactive || $0.isActive }
            .sorted { ($0.isPrimary ? 0 : 1, $0.order, $0.id) < ($1.isPrimary ? 0 : 1, $1.order, $1.id) }
    }

    /// The active primary metric of a screen, if there is exactly one.
    /// Every active screen, pillars in order and screens in order within each.
    /// (A screen for a subject no file declares, such as the demo's Ollie without the demo
    /// data, is left out.)
    public var activeScreensInOrder: [DisplayScreen] {
        orderedPillars.flatMap { screens(of: $0.id) }.filter { subject($0.subjectID) != nil }
    }

    public func primary(of screenID: String) -> DisplayMetric? {
        let primaries = metrics(of: screenID).filter(\.isPrimary)
        return primaries.count == 1 ? primaries[0] : nil
    }

    /// Direct children of a metric in display order.
    public func children(of metricID: String, includeInactive: Bool = false) -> [DisplayMetric] {
        (childrenOfMetric[metricID] ?? []).map { metrics[$0] }
            .filter { includeInactive || $0.isActive }
            .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// Whether a screen has an active metric (`!metrics(of:).isEmpty`, without sorting).
    package func hasActiveMetric(on screenID: String) -> Bool {
        (metricsOfScreen[screenID] ?? []).contains { metrics[$0].isActive }
    }

    /// The active primary metrics of a screen in display order (`metrics(of:).filter(\.isPrimary)`).
    package func activePrimaries(of screenID: String) -> [DisplayMetric] {
        (metricsOfScreen[screenID] ?? []).map { metrics[$0] }
            .filter { $0.isPrimary && $0.isActive }
            .sorted { ($0.order, $0.id) < ($1.order, $1.id) }
    }

    /// Whether a metric `id` exists, and its parent's id (`metric(id)?.parentID`, the metric
    /// not copied).
    package func parentID(ofMetric id: String) -> (exists: Bool, parentID: String?) {
        guard let index = metricIndex[id] else { return (false, nil) }
        return (true, metrics[index].parentID)
    }

    /// All active descendants of a metric, depth first, with their depth (1 for children).
    public func descendants(of metricID: String) -> [(metric: DisplayMetric, depth: Int)] {
        var result: [(DisplayMetric, Int)] = []
        var visited: Set<String> = [metricID]
        func walk(_ id: String, _ depth: Int) {
            for child in children(of: id) where visited.insert(child.id).inserted {
                result.append((child, depth))
                walk(child.id, depth + 1)
            }
        }
        walk(metricID, 1)
        return result
    }
}

extension Catalog {
    /// The words of `code` for this catalog: its own table, else the shipped one (English for
    /// nil or an unknown code).
    public func words(for code: String?) -> LanguageTable {
        code.flatMap { languages[$0] } ?? LanguageTables.table(for: code)
    }

    /// Uses `tables` (the catalog's own) before the shipped ones.
    public mutating func useLanguages(_ tables: [LanguageTable]) {
        languages = Dictionary(tables.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
