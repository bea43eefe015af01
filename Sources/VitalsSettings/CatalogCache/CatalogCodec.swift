import VitalsKit

/// Writes a loaded catalog as bytes and reads it back (`CacheWriter`/`CacheReader`): every
/// stored property of every entry, in declaration order, so that the catalog read back is the
/// one written (`CatalogCodecTests` compare the two field by field over random catalogs).
///
/// Not kept: the files' text (`LoadedCatalog.sources`, only quoted by error reports, and a
/// cached catalog has no errors).
/// Change `CatalogCache.formatVersion` with any change here.
enum CatalogCodec {
    /// YAML `config` blocks nested deeper than this are not cached (the composer allows 64).
    static let maximumNodeDepth = 100

    struct TooDeep: Error {}

    static func encode(_ loaded: LoadedCatalog) throws -> [UInt8] {
        var w = CacheWriter()
        let catalog = loaded.catalog
        w.array(catalog.pillars) { $0.pillar($1) }
        w.array(catalog.subjects) { $0.subject($1) }
        w.array(catalog.series) { $0.series($1) }
        for screen in catalog.screens {
            if let config = screen.config, config.depth > maximumNodeDepth { throw TooDeep() }
        }
        w.array(catalog.screens) { $0.screen($1) }
        w.array(catalog.metrics) { $0.metric($1) }
        w.portions(catalog.portions)
        w.array(catalog.files) { $0.string($1) }
        w.array(loaded.diagnostics) { $0.diagnostic($1) }
        w.array(loaded.declarations) { w, d in
            w.string(d.kind.rawValue)
            w.string(d.id)
            w.location(d.location)
        }
        return w.finished()
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> LoadedCatalog {
        var r = try CacheReader(bytes)
        var catalog = Catalog()
        for pillar in try r.array({ try $0.pillar() }) {
            guard catalog.add(pillar) else { throw CacheBytesError.invalid("pillar") }
        }
        for subject in try r.array({ try $0.subject() }) {
            guard catalog.add(subject) else { throw CacheBytesError.invalid("subject") }
        }
        for series in try r.array({ try $0.series() }) {
            guard catalog.add(series) else { throw CacheBytesError.invalid("series") }
        }
        for screen in try r.array({ try $0.screen(depth: 0) }) {
            guard catalog.add(screen) else { throw CacheBytesError.invalid("screen") }
        }
        for metric in try r.array({ try $0.metric() }) {
            guard catalog.add(metric) else { throw CacheBytesError.invalid("metric") }
        }
        catalog.portions = try r.portions()
        catalog.files = try r.array { try $0.string() }
        let diagnostics = try r.array { try $0.diagnostic() }
        let declarations = try r.array { r in
            Declaration(kind: try r.raw(Declaration.Kind.self), id: try r.string(), location: try r.location())
        }
        guard r.isAtEnd else { throw CacheBytesError.invalid("bytes after the catalog") }
        return LoadedCatalog(catalog: catalog, diagnostics: diagnostics, declarations: declarations, sources: [:])
    }
}

extension YAMLNode {
    /// Levels of nesting (1 for a scalar).
    var depth: Int {
        switch value {
        case .scalar: return 1
        case .sequence(let items): return 1 + (items.map(\.depth).max() ?? 0)
        case .mapping(let pairs): return 1 + (pairs.map { max($0.key.depth, $0.value.depth) }.max() ?? 0)
        }
    }
}

// MARK: Writing

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

// MARK: Reading

extension CacheReader {
    mutating func location() throws -> SourceLocation {
        SourceLocation(file: try string(), line: try int(), column: try int())
    }

    mutating func keyLocations() throws -> KeyLocations {
        let count = try count()
        var result = KeyLocations(minimumCapacity: count)
        for _ in 0..<count {
            let key = try string()
            let location = try location()
            guard result[key] == nil else { throw CacheBytesError.invalid("repeated key") }
            result[key] = location
        }
        return result
    }

    mutating func optionalString() throws -> String? { try optional { try $0.string() } }

    mutating func pillar() throws -> Pillar {
        Pillar(
            id: try string(), name: try string(), color: try optionalString(), order: try int(),
            location: try location(), keyLocations: try keyLocations())
    }

    mutating func subject() throws -> Subject {
        let id = try string()
        let name = try string()
        let kind = try raw(SubjectKind.self)
        let birthDate = try optionalString()
        let sex = try optionalString()
        let breed = try optionalString()
        let pregnancy = try optional { r in
            Pregnancy(
                prePregnancyWeightKg: try r.double(), heightCm: try r.double(),
                dueDate: LocalDate(dayNumber: try r.int()))
        }
        var subject = Subject(
            id: id, name: name, kind: kind, birthDate: birthDate, sex: sex, breed: breed,
            location: try location())
        subject.pregnancy = pregnancy
        subject.keyLocations = try keyLocations()
        return subject
    }

    mutating func series() throws -> Series {
        let id = try string()
        let kind = try raw(Series.Kind.self)
        let unit = try raw(BaseUnit.self)
        let categories = try array { try $0.string() }
        let min = try optional { try $0.double() }
        let max = try optional { try $0.double() }
        var ranges: [SubjectKind: ClosedRange<Double>] = [:]
        for _ in 0..<(try count()) {
            let kind = try raw(SubjectKind.self)
            let low = try double()
            let high = try double()
            guard low <= high, ranges.updateValue(low...high, forKey: kind) == nil else {
                throw CacheBytesError.invalid("range")
            }
        }
        return Series(
            id: id, kind: kind, unit: unit, categories: categories, min: min, max: max, rangeByKind: ranges,
            healthKit: try array { try $0.string() }, description: try optionalString(),
            location: try location(), keyLocations: try keyLocations(),
            overlappingSources: try optional { try $0.raw(Series.OverlapRule.self) },
            sourcePriority: try optional { try $0.array { try $0.string() } })
    }

    mutating func screen(depth: Int) throws -> DisplayScreen {
        DisplayScreen(
            id: try string(), name: try string(), pillarID: try string(), formerIDs: try array { try $0.string() },
            isActive: try bool(), order: try int(), subjectID: try string(), icon: try optionalString(),
            description: try optionalString(), emptyMessage: try optionalString(),
            language: try optionalString(), config: try optional { try $0.node(depth: 1) },
            location: try location(), keyLocations: try keyLocations())
    }

    mutating func node(depth: Int) throws -> YAMLNode {
        guard depth <= CatalogCodec.maximumNodeDepth else { throw CacheBytesError.invalid("nesting") }
        let value: YAMLNode.Value
        switch try u8() {
        case 0: value = .scalar(try string(), isQuoted: try bool())
        case 1:
            value = .mapping(try array { (key: try $0.node(depth: depth + 1), value: try $0.node(depth: depth + 1)) })
        case 2: value = .sequence(try array { try $0.node(depth: depth + 1) })
        default: throw CacheBytesError.invalid("node kind")
        }
        return YAMLNode(value, at: try location())
    }

    mutating func metric() throws -> DisplayMetric {
        DisplayMetric(
            id: try string(), screenID: try string(), displayName: try string(), chartTypeID: try string(),
            isPrimary: try bool(), isActive: try bool(), parentID: try optionalString(), order: try int(),
            aboutWhat: try optionalString(), aboutWhy: try optionalString(), color: try optionalString(),
            role: try optional { MetricRole(try $0.string()) }, binding: try binding(),
            location: try location(), keyLocations: try keyLocations())
    }

    mutating func binding() throws -> MetricBinding {
        var binding = MetricBinding(
            seriesID: try optionalString(), aggregate: try optional { try $0.raw(Aggregate.self) },
            bucket: try optional { try $0.raw(Bucket.self) }, range: try optional { try $0.timeRange() },
            rolling: try optional { try $0.int() }, splitBy: try optional { try $0.raw(SplitKey.self) },
            unit: try optionalString(), target: try optional { try $0.target() },
            dayCutoffMinutes: try optional { try $0.int() }, divideBy: try optionalString(),
            categories: try optional { try $0.array { try $0.string() } })
        binding.versus = try optional { reader in
            PairedBinding(
                seriesID: try reader.string(), aggregate: try reader.optional { try $0.raw(Aggregate.self) },
                unit: try reader.optionalString(), categories: try reader.optional { try $0.array { try $0.string() } },
                lagDays: try reader.int(), name: try reader.optionalString())
        }
        return binding
    }

    mutating func timeRange() throws -> TimeRange {
        switch try u8() {
        case 0: return .days(try int())
        case 1: return .weeks(try int())
        case 2: return .months(try int())
        case 3: return .years(try int())
        case 4: return .all
        default: throw CacheBytesError.invalid("time range")
        }
    }

    mutating func target() throws -> Target {
        switch try u8() {
        case 0: return .exact(value: try double(), tolerance: try double())
        case 1: return .atLeast(try double())
        case 2: return .atMost(try double())
        case 3: return .range(min: try double(), max: try double())
        default: throw CacheBytesError.invalid("target")
        }
    }

    mutating func diagnostic() throws -> Diagnostic {
        let location = try location()
        let severity = try raw(Severity.self)
        return Diagnostic(
            severity, rule: try string(), try string(), at: location, related: try array { try $0.location() })
    }
}
