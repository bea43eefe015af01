import Testing

/// `VITALS_TEST_BACKENDS` as `StoreBackend.selection` reads it.
@Suite struct StoreBackendSelectionTests {
    @Test func unsetOrEmptyKeepsEveryBackend() {
        #expect(StoreBackend.selection(nil) == [.sqlite, .postgres])
        #expect(StoreBackend.selection("") == [.sqlite, .postgres])
        #expect(StoreBackend.selection(" , ") == [.sqlite, .postgres])
    }

    @Test func namedBackendsOnly() {
        #expect(StoreBackend.selection("postgres") == [.postgres])
        #expect(StoreBackend.selection("sqlite") == [.sqlite])
        #expect(StoreBackend.selection(" postgres , sqlite ") == [.sqlite, .postgres])
    }
}
