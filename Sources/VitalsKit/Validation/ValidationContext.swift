/// What a rule may check a catalog against besides the catalog itself: the chart kinds and
/// screen modules of the run (`Extensions`), and the subjects the program's data sets declare
/// outside the catalog (the demo data's Ollie and Sanne). Given to every rule's `check`.
public struct ValidationContext: Sendable {
    /// The chart kinds a `chart_type_id` may name.
    public var chartKinds: ChartKindFactory
    /// The screen modules whose `config:` keys a screen may set.
    public var screens: ScreenRegistry
    /// Subjects a screen may be for without the catalog declaring them.
    public var dataSetSubjects: Set<String>

    public init(
        chartKinds: ChartKindFactory = .builtIn, screens: ScreenRegistry = .genericOnly,
        dataSetSubjects: Set<String> = []
    ) {
        self.chartKinds = chartKinds
        self.screens = screens
        self.dataSetSubjects = dataSetSubjects
    }
}
