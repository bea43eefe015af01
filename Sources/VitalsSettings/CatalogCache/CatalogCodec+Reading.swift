import VitalsKit

/// Reading the catalog's values for `CatalogCodec`, in the order CatalogCodec+Writing.swift writes them.
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
