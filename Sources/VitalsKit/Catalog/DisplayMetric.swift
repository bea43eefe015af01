/// A metric shown on a screen: its chart, its data binding, its place among its siblings.
///
/// Its values are held by reference and copied on write, as an array's are: a copy of a
/// metric is one reference counted, not the fifteen of its strings and boxes. The rules of
/// `vitals validate` and every screen read metrics out of the catalog's array by copy; on a
/// catalog of 20,000 metrics those copies were a sixth of the validation's CPU time (perf).
public struct DisplayMetric: Sendable, Identifiable {
    /// The values, shared between copies until one of them changes.
    private var storage: Storage

    public var id: String {
        _read { yield storage.values.id }
        _modify {
            makeUnique()
            yield &storage.values.id
        }
    }
    public var screenID: String {
        _read { yield storage.values.screenID }
        _modify {
            makeUnique()
            yield &storage.values.screenID
        }
    }
    public var displayName: String {
        _read { yield storage.values.displayName }
        _modify {
            makeUnique()
            yield &storage.values.displayName
        }
    }
    public var chartTypeID: String {
        _read { yield storage.values.chartTypeID }
        _modify {
            makeUnique()
            yield &storage.values.chartTypeID
        }
    }
    public var isPrimary: Bool {
        _read { yield storage.values.isPrimary }
        _modify {
            makeUnique()
            yield &storage.values.isPrimary
        }
    }
    public var isActive: Bool {
        _read { yield storage.values.isActive }
        _modify {
            makeUnique()
            yield &storage.values.isActive
        }
    }
    public var parentID: String? {
        _read { yield storage.values.parentID }
        _modify {
            makeUnique()
            yield &storage.values.parentID
        }
    }
    public var order: Int {
        _read { yield storage.values.order }
        _modify {
            makeUnique()
            yield &storage.values.order
        }
    }
    public var aboutWhat: String? {
        _read { yield storage.values.aboutWhat }
        _modify {
            makeUnique()
            yield &storage.values.aboutWhat
        }
    }
    public var aboutWhy: String? {
        _read { yield storage.values.aboutWhy }
        _modify {
            makeUnique()
            yield &storage.values.aboutWhy
        }
    }
    public var color: String? {
        get { storage.values.rare?.value.color }
        set {
            makeUnique()
            RareValues.set(\.color, newValue, in: &storage.values.rare)
        }
    }
    /// The part it plays on a custom screen (`role: growth`), which the module looks up by
    /// role instead of guessing from the chart kind; nil for none.
    public var role: MetricRole? {
        get { storage.values.rare?.value.role }
        set {
            makeUnique()
            RareValues.set(\.role, newValue, in: &storage.values.rare)
        }
    }
    public var binding: MetricBinding {
        _read { yield storage.values.binding }
        _modify {
            makeUnique()
            yield &storage.values.binding
        }
    }
    public var location: SourceLocation {
        _read { yield storage.values.location }
        _modify {
            makeUnique()
            yield &storage.values.location
        }
    }
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations {
        _read { yield storage.values.keyLocations }
        _modify {
            makeUnique()
            yield &storage.values.keyLocations
        }
    }

    package init(
        id: String, screenID: String, displayName: String, chartTypeID: String, isPrimary: Bool, isActive: Bool,
        parentID: String?, order: Int, aboutWhat: String?, aboutWhy: String?, color: String?, role: MetricRole?,
        binding: MetricBinding, location: SourceLocation, keyLocations: KeyLocations = [:]
    ) {
        var values = Values(
            id: id, screenID: screenID, displayName: displayName, chartTypeID: chartTypeID,
            isPrimary: isPrimary, isActive: isActive, parentID: parentID, order: order,
            aboutWhat: aboutWhat, aboutWhy: aboutWhy, binding: binding, location: location,
            keyLocations: keyLocations)
        if color != nil || role != nil {
            var rare = Rare()
            rare.color = color
            rare.role = role
            values.rare = RareValues.Box(rare)
        }
        storage = Storage(values)
    }

    /// The bytes of one metric's values (the test of the catalog's size reads it).
    static var valuesSize: Int { MemoryLayout<Values>.stride }

    /// Gives this copy values of its own before one of them changes.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    }

    private struct Values {
        var id: String
        var screenID: String
        var displayName: String
        var chartTypeID: String
        var isPrimary: Bool
        var isActive: Bool
        var parentID: String?
        var order: Int
        var aboutWhat: String?
        var aboutWhy: String?
        var binding: MetricBinding
        var location: SourceLocation
        var keyLocations: KeyLocations
        /// `color` and `role`, out of line: few metrics set them (32 bytes less in each metric).
        var rare: RareValues.Box<Rare>?
    }

    /// Changed only through `makeUnique()`'s copy (a value shared by two metrics never changes),
    /// hence Sendable; every access is one of a metric's, so the exclusivity of the metric's
    /// own accesses covers it and no run-time check is made for each read.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var values: Values
        init(_ values: Values) { self.values = values }
    }

    private struct Rare: Hashable, Sendable, RareValueSet {
        var color: String?
        var role: MetricRole?
        var isEmpty: Bool { color == nil && role == nil }
        init() {}
    }
}
