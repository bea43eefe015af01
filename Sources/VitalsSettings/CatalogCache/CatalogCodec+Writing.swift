import VitalsKit

/// Writing the catalog's values for `CatalogCodec` (read back in CatalogCodec+Reading.swift, field
/// for field in the same order).
extension CacheWriter {
    mutating func location(_ l: SourceLocation) {
        string(l.file)
        int(l.line)
        int(l.column)
    }

    mutating func keyLocations(_ locations: KeyLocations) {
        array(Array(locations)) {
            $0.string($1.key)
            $0.location($1.value)
        }
    }

    mutating func pillar(_ p: Pillar) {
        string(p.id)
        string(p.name)
        optional(p.color) { $0.string($1) }
        int(p.order)
        location(p.location)
        keyLocations(p.keyLocations)
    }

    mutating func subject(_ s: Subject) {
        string(s.id)
        string(s.name)
        string(s.kind.rawValue)
        optional(s.birthDate) { $0.string($1) }
        optional(s.sex) { $0.string($1) }
        optional(s.breed) { $0.string($1) }
        optional(s.pregnancy) { w, p in
            w.double(p.prePregnancyWeightKg)
            w.double(p.heightCm)
            w.int(p.dueDate.dayNumber)
        }
        location(s.location)
        keyLocations(s.keyLocations)
    }

    mutating func series(_ s: Series) {
        string(s.id)
        string(s.kind.rawValue)
        string(s.unit.rawValue)
        array(s.categories) { $0.string($1) }
        optional(s.min) { $0.double($1) }
        optional(s.max) { $0.double($1) }
        array(s.rangeByKind.sorted { $0.key.rawValue < $1.key.rawValue }) { w, pair in
            w.string(pair.key.rawValue)
            w.double(pair.value.lowerBound)
            w.double(pair.value.upperBound)
        }
        array(s.healthKit) { $0.string($1) }
        optional(s.description) { $0.string($1) }
        location(s.location)
        keyLocations(s.keyLocations)
        optional(s.overlappingSources) { $0.string($1.rawValue) }
        optional(s.sourcePriority) { w, list in w.array(list) { $0.string($1) } }
    }

    mutating func screen(_ s: DisplayScreen) {
        string(s.id)
        string(s.name)
        string(s.pillarID)
        array(s.formerIDs) { $0.string($1) }
        bool(s.isActive)
        int(s.order)
        string(s.subjectID)
        optional(s.icon) { $0.string($1) }
        optional(s.description) { $0.string($1) }
        optional(s.emptyMessage) { $0.string($1) }
        optional(s.language) { $0.string($1) }
        optional(s.config) { $0.node($1) }
        location(s.location)
        keyLocations(s.keyLocations)
    }

    mutating func node(_ n: YAMLNode) {
        switch n.value {
        case .scalar(let text, let quoted):
            u8(0)
            string(text)
            bool(quoted)
        case .mapping(let pairs):
            u8(1)
            array(pairs) {
                $0.node($1.key)
                $0.node($1.value)
            }
        case .sequence(let items):
            u8(2)
            array(items) { $0.node($1) }
        }
        location(n.location)
    }

    mutating func metric(_ m: DisplayMetric) {
        string(m.id)
        string(m.screenID)
        string(m.displayName)
        string(m.chartTypeID)
        bool(m.isPrimary)
        bool(m.isActive)
        optional(m.parentID) { $0.string($1) }
        int(m.order)
        optional(m.aboutWhat) { $0.string($1) }
        optional(m.aboutWhy) { $0.string($1) }
        optional(m.color) { $0.string($1) }
        optional(m.role) { $0.string($1.rawValue) }
        binding(m.binding)
        location(m.location)
        keyLocations(m.keyLocations)
    }

    mutating func binding(_ b: MetricBinding) {
        optional(b.seriesID) { $0.string($1) }
        optional(b.aggregate) { $0.string($1.rawValue) }
        optional(b.bucket) { $0.string($1.rawValue) }
        optional(b.range) { $0.timeRange($1) }
        optional(b.rolling) { $0.int($1) }
        optional(b.splitBy) { $0.string($1.rawValue) }
        optional(b.unit) { $0.string($1) }
        optional(b.target) { $0.target($1) }
        optional(b.dayCutoffMinutes) { $0.int($1) }
        optional(b.divideBy) { $0.string($1) }
        optional(b.categories) { $0.array($1) { $0.string($1) } }
        optional(b.versus) { writer, y in
            writer.string(y.seriesID)
            writer.optional(y.aggregate) { $0.string($1.rawValue) }
            writer.optional(y.unit) { $0.string($1) }
            writer.optional(y.categories) { $0.array($1) { $0.string($1) } }
            writer.int(y.lagDays)
            writer.optional(y.name) { $0.string($1) }
        }
    }

    mutating func timeRange(_ range: TimeRange) {
        switch range {
        case .days(let n):
            u8(0)
            int(n)
        case .weeks(let n):
            u8(1)
            int(n)
        case .months(let n):
            u8(2)
            int(n)
        case .years(let n):
            u8(3)
            int(n)
        case .all: u8(4)
        }
    }

    mutating func target(_ target: Target) {
        switch target {
        case .exact(let value, let tolerance):
            u8(0)
            double(value)
            double(tolerance)
        case .atLeast(let value):
            u8(1)
            double(value)
        case .atMost(let value):
            u8(2)
            double(value)
        case .range(let low, let high):
            u8(3)
            double(low)
            double(high)
        }
    }

    mutating func diagnostic(_ d: Diagnostic) {
        location(d.location)
        string(d.severity.rawValue)
        string(d.rule)
        string(d.message)
        array(d.related) { $0.location($1) }
    }
}
