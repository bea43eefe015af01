import Foundation

/// One kind of export Vitals reads (Apple Health, CSV, Health Connect …): an extension point of
/// the SDK, given in `Extensions(importers:)` like a chart kind or a store backend.
///
/// An importer recognises its files by their content (`recognises`, from an `ImportSource`:
/// the first bytes, a zip's entry names, a SQLite file's tables), then reads a file as a stream
/// into an `ImportSink`: samples in their series' base unit, each with its own UTC offset and
/// source, and every record it leaves out, with the reason. `vitals import FILE` picks the first
/// importer that recognises the file; `vitals import --format ID FILE` names one.
///
/// Storing is the sink's business: the whole import is one write transaction, a sample whose
/// natural key is stored already is counted as present (a re-import stores nothing), and the
/// receipt (`ImportReceipt`) counts what was stored per series and source. An importer with a
/// faster path of its own into the store overrides `store(_:in:)`.
///
/// ```swift
/// struct ScaleImporter: Importer {
///     static let id = "my-scale"
///     static let name = "My Scale (weight.json)"
///     static func recognises(_ source: ImportSource) -> Bool { source.fileName == "weight.json" }
///     init(context: ImportContext) throws {}
///     func read(_ source: ImportSource, into sink: any ImportSink) throws { … }
/// }
/// ```
public protocol Importer: Sendable {
    /// What `--format` names it by: lower case, words joined by `-` (`health-connect`).
    static var id: String { get }
    /// What a receipt and `vitals import --help` call it (`Health Connect (Android)`).
    static var name: String { get }
    /// Whether `source` is a file of this importer's kind, judged by its content.
    static func recognises(_ source: ImportSource) -> Bool

    /// An importer for one run: the catalog it maps into and the subject it writes for.
    init(context: ImportContext) throws

    /// Reads `source` into `sink`, front to back, without holding the whole file: samples it
    /// makes go to `sink.add`, records it leaves out to `sink.skip` with the reason. Throws a
    /// `VitalsError` naming the file and what was expected when the file is not readable at all.
    func read(_ source: ImportSource, into sink: any ImportSink) throws

    /// Reads `source` into `db`, inside the caller's write transaction; returns the receipt.
    /// The default reads through a `StoringSink`.
    func store(_ source: ImportSource, in db: StoreDatabase, subjectID: String) throws -> ImportReceipt
}

extension Importer {
    public func store(_ source: ImportSource, in db: StoreDatabase, subjectID: String) throws -> ImportReceipt {
        let sink = try StoringSink(db: db, subjectID: subjectID)
        try read(source, into: sink)
        try sink.finish()
        var receipt = sink.receipt
        receipt.importer = Self.id
        receipt.file = source.path
        return receipt
    }
}

/// What an importer is made for: the catalog whose series it maps into, and the run's options.
public struct ImportContext: Sendable {
    public var catalog: Catalog
    /// The subject the samples are for (`--subject`, default `me`).
    public var subjectID: String
    /// The series of a file that names none of its own (`vitals import csv --series`).
    public var seriesID: String?
    /// Store the good records of a file with bad ones, rather than refuse the file.
    public var skipInvalid: Bool
    /// The unit system values without a unit are read in (CSV's `--units`).
    public var unitSystem: UnitSystem
    /// The zone a file's times without an offset were written in (Withings, Cronometer, Health
    /// Auto Export's CSV).
    public var timeZone: TimeZone

    public init(
        catalog: Catalog, subjectID: String = "me", seriesID: String? = nil, skipInvalid: Bool = false,
        unitSystem: UnitSystem = .metric, timeZone: TimeZone = .current
    ) {
        self.catalog = catalog
        self.subjectID = subjectID
        self.seriesID = seriesID
        self.skipInvalid = skipInvalid
        self.unitSystem = unitSystem
        self.timeZone = timeZone
    }
}

/// The importers of a run, in order: the first that recognises a file reads it.
public struct Importers: Sendable {
    public let all: [any Importer.Type]

    public init(_ importers: [any Importer.Type]) { all = importers }

    /// The importer `--format` names.
    public func named(_ id: String) -> (any Importer.Type)? { all.first { $0.id == id } }

    /// The first importer that recognises `source`.
    public func recognising(_ source: ImportSource) -> (any Importer.Type)? { all.first { $0.recognises(source) } }

    public var ids: [String] { all.map { $0.id } }
}
