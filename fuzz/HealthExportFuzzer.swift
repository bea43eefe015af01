// libFuzzer entry point: feeds the input to the Apple Health export parser in two chunks (split
// where the first byte says) and to the zip reader. A trap, a hang or a sanitizer report is a
// finding; a thrown HealthExportError is the expected answer to a bad input.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func healthExportFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let split = size > 0 ? Int(data[0]) % (size + 1) : 0
    let parser = HealthExportParser(sink: CountingHealthSink())
    do {
        try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[0..<split]))
        try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[split..<size]))
        try parser.finish()
    } catch {}
    #if FUZZ_ZIP
        let path = "/tmp/vitals-fuzz-\(getpid()).zip"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { unlink(path) }
        if let reader = try? HealthExportReader.open(path) {
            var sink = CountingHealthSink()
            _ = try? reader.read(into: &sink, chunkSize: 4096)
        }
    #endif
    return 0
}
