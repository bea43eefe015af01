import VitalsKit

/// Writes a loaded catalog as bytes and reads it back (`CacheWriter`/`CacheReader`): every
/// stored property of every entry, in declaration order, so that the catalog read back is the
/// one written (`CatalogCodecTests` compare the two field by field over random catalogs).
///
/// Not kept: the files' text (`LoadedCatalog.sources`, only quoted by error reports, and a
/// cached catalog has no errors).
/// Change `CatalogCache.formatVersion` with any change here or in CatalogCodec+Writing.swift and
/// CatalogCodec+Reading.swift.
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
