public struct DemoData: Sendable {
    public var asOf: LocalDate
    public init(asOf: LocalDate) { self.asOf = asOf }
    public func makeInMemoryStore() throws -> SampleStore { try SampleStore.inMemory() }
}
