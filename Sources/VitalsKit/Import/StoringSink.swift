/// The sink of an import that stores: each sample staged in the backend's bulk inserter inside
/// the caller's write transaction, counted per series and source as new, present (its natural
/// key was stored before) or repeated (twice in this import). A sample the schema would refuse
/// is skipped with the reason rather than rolling the import back.
public final class StoringSink: ImportSink {
    private let inserter: any SampleStaging
    private let db: StoreDatabase
    private let subjectID: String
    public private(set) var receipt = ImportReceipt()
    /// The receipt line of each staged sample of the current group.
    private var group: [Int] = []
    private var lines: [ImportReceipt.Line] = []
    private var counts: [ImportReceipt.Counts] = []
    private var lineIndex: [ImportReceipt.Line: Int] = [:]
    private var last: (series: String, source: String, index: Int)?
    private var rankings: [String: [String]] = [:]
    private var rankedSeries: [String] = []

    public init(db: StoreDatabase, subjectID: String) throws {
        inserter = try db.makeBulkInserter()
        self.db = db
        self.subjectID = subjectID
    }

    public func add(_ sample: ImportedSample) throws {
        if let reason = sample.refusal { return skip(reason) }
        let category = sample.category ?? ""
        let tag = sample.tag ?? ""
        let key = SampleKey.value(
            series: sample.seriesID, subject: subjectID, start: sample.start, end: sample.end,
            value: sample.value, category: category, tag: tag, source: sample.source)
        inserter.stage(
            series: sample.seriesID, subject: subjectID, start: sample.start, end: sample.end,
            utcOffset: Int64(sample.utcOffset), value: sample.value, category: category, tag: tag,
            source: sample.source, note: sample.note, metadata: sample.metadata, key: key)
        group.append(line(sample.seriesID, sample.source))
        if inserter.isGroupFull { try flush() }
    }

    public func skip(_ reason: String, count: Int) { receipt.skip(reason, count: count) }
    public func note(_ line: String) { receipt.notes.append(line) }

    /// Keeps the order for `finish`, which stores it in the import's transaction
    /// (`StoreDatabase.replaceSourceRanking`) once the samples are in.
    public func rankSources(_ sources: [String], seriesID: String) throws {
        if rankings[seriesID] == nil { rankedSeries.append(seriesID) }
        rankings[seriesID] = sources
    }

    /// Inserts what is staged and fills in the receipt; call once reading is done.
    public func finish() throws {
        try flush()
        for series in rankedSeries {
            try db.replaceSourceRanking(subject: subjectID, series: series, sources: rankings[series] ?? [])
        }
        for (index, line) in lines.enumerated() { receipt.stored[line, default: .init()] = counts[index] }
    }

    private func flush() throws {
        try inserter.flush { index, outcome in counts[group[index]].count(outcome) }
        group.removeAll(keepingCapacity: true)
    }

    private func line(_ series: String, _ source: String) -> Int {
        if let last, last.series == series, last.source == source { return last.index }
        let line = ImportReceipt.Line(seriesID: series, source: source)
        let index: Int
        if let known = lineIndex[line] {
            index = known
        } else {
            index = lines.count
            lines.append(line)
            counts.append(.init())
            lineIndex[line] = index
        }
        last = (series, source, index)
        return index
    }
}
