import Foundation
import Testing

@testable import VitalsKit

@Suite("CRC-32 of zip entries")
struct CRC32ChecksumTests {
    private func crc(_ bytes: [UInt8], chunk: Int) -> UInt32 {
        var checksum = CRC32Checksum()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            bytes[start..<end].withUnsafeBytes { checksum.update($0) }
            start = end
        }
        return checksum.value
    }

    /// The byte-at-a-time definition, straight from the polynomial, to check the tables against.
    private func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test("the standard check value, and nothing for no bytes")
    func checkValue() {
        #expect(crc(Array("123456789".utf8), chunk: 100) == 0xCBF4_3926)
        #expect(crc([], chunk: 1) == 0)
    }

    @Test("any split of the input gives the byte-at-a-time result", arguments: [1, 3, 7, 8, 9, 64, 4096])
    func splits(chunk: Int) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        #expect(crc(bytes, chunk: chunk) == reference(bytes))
    }
}
