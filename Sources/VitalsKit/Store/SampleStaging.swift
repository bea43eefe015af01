/// What became of one staged sample.
public enum SampleInsertOutcome: Sendable, Equatable {
    /// Stored now.
    case new
    /// Its natural key was stored before this inserter began (a re-import).
    case present
    /// Its natural key was stored by this inserter, for an earlier sample (a twin).
    case repeated
}

/// What `SampleStore.insert` and the importers write samples through, inside the caller's
/// write transaction: stage samples, flush a group, learn what became of each. Each backend
/// has its own (`StoreStatements.makeInserter`): SQLite's steps C statements, PostgreSQL's sends
/// multi-row INSERTs or a COPY.
public protocol SampleStaging: AnyObject {
    /// Rows a caller stages before calling `flush`.
    var groupSize: Int { get }
    /// Whether `groupSize` samples are staged: time to `flush`.
    var isGroupFull: Bool { get }
    /// Stages one sample; `key` is `SampleKey.value` of the same fields, `origin` a
    /// `sample_origin` id. Strings and bytes are copied.
    func stage(
        series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
        category: String, tag: String, source: String, note: String?, metadataBytes: UnsafeBufferPointer<UInt8>?,
        origin: Int64?, key: Int64)
    /// Inserts the staged samples; `outcome(index, outcome)` is called for each, in staging order.
    func flush(_ outcome: (Int, SampleInsertOutcome) throws -> Void) throws
    /// The `sample_origin` row for a source version and device, added when new.
    func origin(sourceVersion: String?, device: String?) throws -> Int64
}

extension SampleStaging {
    /// `stage` with the metadata as a string (its bytes in place: no copy of the string).
    public func stage(
        series: String, subject: String, start: Int64, end: Int64, utcOffset: Int64, value: Double,
        category: String, tag: String, source: String, note: String?, metadata: String?,
        origin: Int64? = nil, key: Int64
    ) {
        guard let metadata else {
            return stage(
                series: series, subject: subject, start: start, end: end, utcOffset: utcOffset, value: value,
                category: category, tag: tag, source: source, note: note, metadataBytes: nil,
                origin: origin, key: key)
        }
        metadata.withUTF8Bytes { bytes in
            stage(
                series: series, subject: subject, start: start, end: end, utcOffset: utcOffset, value: value,
                category: category, tag: tag, source: source, note: note, metadataBytes: bytes,
                origin: origin, key: key)
        }
    }
}
