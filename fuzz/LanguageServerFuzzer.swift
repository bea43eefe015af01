// libFuzzer entry point for what `vitals lsp` reads from its client: the input as a byte stream
// to the message framing (handed out in pieces whose size the first byte picks), each framed
// body to the JSON reader, and each value read written and read again (it must read back
// equal). A trap, a hang or a sanitizer report is a finding; a `.malformed` frame or a
// JSONParseError is the expected answer to a bad input.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func languageServerFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let chunk = size > 0 ? 1 + Int(data[0]) % 64 : 1
    var limits = FramingLimits()
    limits.body = 1 << 20
    limits.stall = 0
    let reader = MessageReader(source: MemorySource(bytes, chunk: chunk, endsAfter: size % 2 == 0), limits: limits)
    for _ in 0..<1_000 {
        switch reader.next() {
        case .end: return 0
        case .malformed: continue
        case .message(let body):
            guard let value = try? JSONParser.parse(body) else { continue }
            guard let again = try? JSONParser.parse(value.compactText), again == value else {
                fatalError("a value read did not read back equal: \(value.compactText)")
            }
        }
    }
    return 0
}
