import Testing

@testable import VitalsImport
@testable import VitalsKit

@Suite("The metadata JSON written per imported sample")
struct HealthSampleMetadataTests {
    @Test(
        "integers are written digit by digit, as Swift prints them",
        arguments: [
            Int64(0), 7, -1, 10, -2_208_988_800, 1_572_705_682, .max, .min,
        ])
    func integers(value: Int64) {
        var metadata = HealthSampleMetadata()
        metadata.add("n", integer: value)
        #expect(metadata.json == #"{"n":\#(value)}"#)
    }

    @Test("a reused buffer gives the same objects, and nothing when nothing was added")
    func reusedBuffer() {
        var scratch: [UInt8] = []
        var text: [UInt8] = Array("x".utf8)
        var first = HealthSampleMetadata(reusing: &scratch)
        first.add("unit", "lb")
        first.add("creationDate", integer: 1_572_705_682)
        let range = first.finish(into: &text, returning: &scratch)
        #expect(range == 1..<text.count)
        #expect(String(decoding: text[1...], as: UTF8.self) == #"{"unit":"lb","creationDate":1572705682}"#)
        var empty = HealthSampleMetadata(reusing: &scratch)
        #expect(empty.finish(into: &text, returning: &scratch) == nil)
        var second = HealthSampleMetadata(reusing: &scratch)
        second.add("value", "a\"b\u{0B}")
        let next = second.finish(into: &text, returning: &scratch)
        #expect(next.map { String(decoding: text[$0], as: UTF8.self) } == #"{"value":"a\"b\u000b"}"#)
    }
}
