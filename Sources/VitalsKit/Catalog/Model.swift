import Foundation

/// One of the seven WellPath pillars a screen belongs to.
public struct Pillar: Sendable, Identifiable {
    public var id: String
    public var name: String
    /// A `#RRGGBB` colour, or nil.
    public var color: String?
    public var order: Int
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, color: String? = nil, order: Int, location: SourceLocation,
        keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.color = color
        self.order = order
        self.location = location
        self.keyLocations = keyLocations
    }
}

/// The kind of being a subject is; picks plausible ranges for body measures.
public enum SubjectKind: String, Sendable, CaseIterable {
    case human, dog, cat
}

/// Whose data a screen shows: `me`, or a pet such as `ollie`.
public struct Subject: Sendable, Identifiable {
    public var id: String
    public var name: String
    public var kind: SubjectKind
    /// `YYYY-MM-DD`.
    public var birthDate: String?
    public var sex: String?
    public var breed: String?
    /// Set while the subject is pregnant (the `pregnancy:` block).
    public var pregnancy: Pregnancy?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    /// The subject every catalog has, even when no file declares it.
    public static let me = Subject(
        id: "me", name: "Me", kind: .human,
        location:
            SourceLocation(file: "<built-in>", line: 1, column: 1))

    public init(
        id: String, name: String, kind: SubjectKind, birthDate: String? = nil,
        sex: String? = nil, breed: String? = nil, location: SourceLocation
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.birthDate = birthDate
        self.sex = sex
        self.breed = breed
        self.location = location
    }
}

/// A stream of samples: what is measured, in which base unit, and what values are plausible.
public struct Series: Sendable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable { case quantity, category }

    public var id: String
    public var kind: Kind
    public var unit: BaseUnit
    public var categories: [String]
    /// Plausible range in the base unit (for a human subject).
    public var min: Double?
    public var max: Double?
    /// Plausible ranges for other subject kinds (`dog`, `cat`).
    public var rangeByKind: [SubjectKind: ClosedRange<Double>]
    public var healthKit: [String]
    public var description: String?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]
    /// How a `sum` counts samples from several sources over the same time (`overlapping_sources`);
    /// nil: every sample adds up.
    public var overlappingSources: OverlapRule?
    /// The sources' order for `overlapping_sources: priority` (`source_priority`), first
    /// preferred; nil: the ranking the store holds (Health Connect's, from its export), if any.
    public var sourcePriority: [String]?

    public init(
        id: String, kind: Kind, unit: BaseUnit, categories: [String] = [], min: Double? = nil, max: Double? = nil,
        rangeByKind: [SubjectKind: ClosedRange<Double>] = [:], healthKit: [String] = [], description: String? = nil,
        location: SourceLocation, keyLocations: KeyLocations = [:], overlappingSources: OverlapRule? = nil,
        sourcePriority: [String]? = nil
    ) {
        self.id = id
        self.kind = kind
        self.unit = unit
        self.categories = categories
        self.min = min
        self.max = max
        self.rangeByKind = rangeByKind
        self.healthKit = healthKit
        self.description = description
        self.location = location
        self.keyLocations = keyLocations
        self.overlappingSources = overlappingSources
        self.sourcePriority = sourcePriority
    }

    /// The plausible range for a subject of `kind`, if one is declared.
    public func plausibleRange(for kind: SubjectKind) -> ClosedRange<Double>? {
        if let range = rangeByKind[kind] { return range }
        guard kind == .human || rangeByKind.isEmpty else { return nil }
        let low = min ?? -Double.greatestFiniteMagnitude
        let high = max ?? Double.greatestFiniteMagnitude
        return low <= high ? low...high : nil
    }
}

/// A metric screen: a pillar, a name, and the metrics declared for it.
public struct DisplayScreen: Sendable, Identifiable {
    public var id: String
    public var name: String
    public var pillarID: String
    /// Ids the screen had before (`former_ids`): render, tree and explore still find it by them.
    public var formerIDs: [String] = []
    public var isActive: Bool
    public var order: Int
    public var subjectID: String
    public var icon: String?
    public var description: String?
    public var emptyMessage: String?
    /// The language its chrome is drawn in (`nl`: languages/nl.yaml); nil: English.
    public var language: String? = nil
    /// The raw `config` block, decoded and validated by the screen's module.
    public var config: YAMLNode?
    public var location: SourceLocation
    /// Where each key's value was written, for diagnostics that point at one key.
    public var keyLocations: KeyLocations = [:]

    package init(
        id: String, name: String, pillarID: String, formerIDs: [String] = [], isActive: Bool, order: Int,
        subjectID: String, icon: String? = nil, description: String? = nil, emptyMessage: String? = nil,
        language: String? = nil, config: YAMLNode? = nil, location: SourceLocation, keyLocations: KeyLocations = [:]
    ) {
        self.id = id
        self.name = name
        self.pillarID = pillarID
        self.formerIDs = formerIDs
        self.isActive = isActive
        self.order = order
        self.subjectID = subjectID
        self.icon = icon
        self.description = description
        self.emptyMessage = emptyMessage
        self.language = language
        self.config = config
        self.location = location
        self.keyLocations = keyLocations
    }

    /// The short name people type: `SCREEN_MEAL_TIMING` → `meal_timing`.
    public var alias: String { Self.shortName(of: id) }

    /// `SCREEN_MEAL_TIMING` → `meal_timing`.
    public static func shortName(of id: String) -> String {
        let trimmed = id.hasPrefix("SCREEN_") ? String(id.dropFirst("SCREEN_".count)) : id
        return trimmed.lowercased()
    }
}

/// Anything declared in a catalog file with per-key source locations.
public protocol CatalogEntry {
    var location: SourceLocation { get }
    var keyLocations: KeyLocations { get }
}

extension CatalogEntry {
    /// Where `key`'s value was written, else where the entry starts.
    public func location(of key: String) -> SourceLocation { keyLocations[key] ?? location }
}

extension Pillar: CatalogEntry {}
extension Subject: CatalogEntry {}
extension Series: CatalogEntry {}
extension DisplayScreen: CatalogEntry {}
extension DisplayMetric: CatalogEntry {}

/// The part a metric plays on a custom screen: a module declares the roles it reads
/// (`extension MetricRole { static let growth = MetricRole("growth") }`) and finds each metric
/// with `Catalog.metric(playing:on:)`; the YAML names it with `role:`.
public struct MetricRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// Values few entries set, held by reference in one box that is nil when none is set
/// (`DisplayMetric.color`, `MetricBinding.rolling` …).
protocol RareValueSet: Hashable, Sendable {
    init()
    /// True when no value is set (the box is then dropped, so an entry with none equals one
    /// that never had any).
    var isEmpty: Bool { get }
}

enum RareValues {
    /// A set of values held by reference; compared and hashed by value, and never changed (a
    /// new box replaces it), so copies of an entry never share a change.
    final class Box<Value: RareValueSet>: Hashable, Sendable {
        let value: Value

        init(_ value: Value) { self.value = value }

        static func == (a: Box, b: Box) -> Bool { a.value == b.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    /// Sets one value in `box`: a new box with it, or nil when none is left.
    static func set<Value: RareValueSet, Field>(
        _ field: WritableKeyPath<Value, Field>, _ newValue: Field,
        in box: inout Box<Value>?
    ) {
        var value = box?.value ?? Value()
        value[keyPath: field] = newValue
        box = value.isEmpty ? nil : Box(value)
    }
}
