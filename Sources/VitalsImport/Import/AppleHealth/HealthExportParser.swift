import Foundation
import VitalsKit

/// Reads Apple Health export XML fed in chunks and hands each element to a sink.
///
/// This is the store-independent core of the import: the scanner plus the element mapper.
/// Feed chunks of any size (the result does not depend on where they split), then call
/// `finish()` for the statistics; errors carry the line and byte offset.
package final class HealthExportParser<Sink: HealthExportSink> {
    private var scanner: XMLChunkScanner<HealthElementMapper<Sink>>

    package init(sink: Sink) {
        scanner = XMLChunkScanner(handler: HealthElementMapper(sink: sink))
    }

    /// The sink, with everything delivered so far.
    package var sink: Sink { scanner.handler.sink }

    /// Bytes fed so far.
    package var bytesRead: Int64 { scanner.bytesFed }

    /// Reads one more chunk.
    package func feed(_ chunk: UnsafeRawBufferPointer) throws {
        try scanner.feed(chunk)
    }

    /// Reads one more chunk.
    package func feed(_ bytes: some ContiguousBytes) throws {
        try scanner.feed(bytes)
    }

    /// Ends the input; throws when the document is incomplete, returns what was found.
    @discardableResult
    package func finish() throws -> HealthScanStatistics {
        try scanner.finish()
        return statistics
    }

    /// The statistics so far (complete after `finish()`).
    package var statistics: HealthScanStatistics {
        var statistics = scanner.handler.statistics
        statistics.recoveredBrokenDTD = scanner.recoveredBrokenDTD
        statistics.bytesRead = scanner.bytesFed
        return statistics
    }
}
