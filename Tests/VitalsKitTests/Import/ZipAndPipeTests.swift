import Foundation
import Testing
import ZIPFoundation

@testable import VitalsImport
@testable import VitalsKit

/// Issue #14: a damaged zip always ends with a message in words (never spins), an encrypted
/// entry says so, and an export coming through a pipe is read once, zip or XML.
@Suite("Apple Health export: damaged zips and pipes")
struct ZipAndPipeTests {
    typealias F = HealthExportFixtures

    /// A deflated zip of the quirky export, as bytes.
    private static func quirkyZip(in directory: URL) throws -> [UInt8] {
        let url = directory.appendingPathComponent("source.zip")
        let archive = try Archive(url: url, accessMode: .create)
        let data = Data((F.quirky + String(repeating: "<!-- padding -->\n", count: 400)).utf8)
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(data.count),
            compressionMethod: .deflate
        ) { position, size in
            data.subdata(in: Int(position)..<(Int(position) + size))
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// A zip written by hand: one entry with these compressed bytes, method and flags.
    private static func handMadeZip(body: [UInt8], inflated: [UInt8], method: UInt16 = 8, flags: UInt16 = 0) -> [UInt8]
    {
        func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
        var crc = CRC32Checksum()
        inflated.withUnsafeBytes { crc.update($0) }
        let name = Array("apple_health_export/export.xml".utf8)
        let local =
            le32(0x0403_4B50) + le16(20) + le16(flags) + le16(method) + le16(0) + le16(0) + le32(crc.value)
            + le32(UInt32(body.count)) + le32(UInt32(inflated.count)) + le16(UInt16(name.count)) + le16(0) + name
        let central =
            le32(0x0201_4B50) + le16(20) + le16(20) + le16(flags) + le16(method) + le16(0) + le16(0)
            + le32(crc.value) + le32(UInt32(body.count)) + le32(UInt32(inflated.count)) + le16(UInt16(name.count))
            + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name
        let end =
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(1) + le16(1) + le32(UInt32(central.count))
            + le32(UInt32(local.count + body.count)) + le16(0)
        return local + body + central + end
    }

    /// Reads the export at `path` into a counting sink; the error, if any.
    private static func readAll(_ path: String, chunkSize: Int = 512) -> (any Error)? {
        do {
            var sink = CountingHealthSink()
            try HealthExportReader.open(path).read(into: &sink, chunkSize: chunkSize)
            return nil
        } catch {
            return error
        }
    }

    @Test("a deflate stream that never ends, cut at a chunk boundary, ends with 'damaged'")
    func unendedDeflateStream() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Non-final stored blocks (BFINAL = 0) filling exactly 1024 bytes: the stream asks
        // for more input after the entry's last byte, which ZIPFoundation's loop waited for forever.
        var body: [UInt8] = []
        var inflated: [UInt8] = []
        let xml = Array(F.export("").utf8)
        var text = xml
        while body.count < 1024 {
            let room = 1024 - body.count - 5
            let count = min(room, text.isEmpty ? room : text.count)
            let chunk = text.isEmpty ? [UInt8](repeating: 0x0A, count: count) : Array(text.prefix(count))
            text.removeFirst(min(count, text.count))
            body +=
                [0, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)] + chunk
            inflated += chunk
        }
        let path = directory.appendingPathComponent("unended.zip").path
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(Self.handMadeZip(body: body, inflated: inflated)))
        let error = try #require(Self.readAll(path, chunkSize: 256) as? HealthExportError)
        guard case .corruptArchive(_, let reason, _) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains("damaged"))
    }

    @Test("an encrypted export says so")
    func encryptedEntry() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("locked.zip").path
        let xml = Array(F.export("").utf8)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(Self.handMadeZip(body: xml, inflated: xml, method: 0, flags: 1)))
        let error = try #require(Self.readAll(path) as? HealthExportError)
        #expect("\(error)".contains("is encrypted (password-protected)"), "\(error)")
    }

    @Test("zip errors are in words, not ZIPFoundation's case names")
    func zipErrorsInWords() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = try Self.quirkyZip(in: directory)
        let path = directory.appendingPathComponent("cut.zip").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(zip.prefix(zip.count / 2)))
        let error = try #require(Self.readAll(path))
        #expect("\(error)".contains("not a complete zip"), "\(error)")
        #expect(!"\(error)".contains("missingEndOfCentralDirectoryRecord"))
    }

    @Test(
        "damaged zips (300 seeds of flipped, inserted and removed bytes) end with an error or read, never trap or spin")
    func damagedZips() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = try Self.quirkyZip(in: directory)
        let path = directory.appendingPathComponent("damaged.zip").path
        var generator = SplitMix(seed: 14)
        var outcomes: [String: Int] = [:]
        let started = Date()
        for _ in 0..<300 {
            let damaged = Mutator.mutate(zip, using: &generator)
            _ = FileManager.default.createFile(atPath: path, contents: Data(damaged))
            let error = Self.readAll(path, chunkSize: 256)
            switch error {
            case nil: outcomes["read", default: 0] += 1
            case let error as HealthExportError:
                outcomes[String("\(error)".split(separator: ":").first ?? ""), default: 0] += 1
                #expect(
                    !"\(error)".contains("missingEndOfCentralDirectoryRecord") && !"\(error)".contains("corruptedData"))
            case let error?: Issue.record("not a HealthExportError: \(error)")
            }
        }
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(outcomes.values.reduce(0, +) == 300)
    }

    @Test("XML and a zip through a pipe are read once, from the first byte")
    func pipes() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = try Self.quirkyZip(in: directory)
        for (name, bytes) in [("xml", Array(F.quirky.utf8)), ("zip", zip)] {
            let fifo = directory.appendingPathComponent("\(name).fifo").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread {
                let handle = FileHandle(forWritingAtPath: fifo)
                // Small writes: the reader sees the first bytes before the rest.
                var offset = 0
                while offset < bytes.count {
                    let end = min(bytes.count, offset + 700)
                    handle?.write(Data(bytes[offset..<end]))
                    offset = end
                }
                try? handle?.close()
            }
            writer.start()
            let reader = try HealthExportReader.open(fifo)
            var sink = CollectingHealthSink()
            try reader.read(into: &sink, chunkSize: 1000)
            #expect(sink.records.count == 11, "\(name)")
            if name == "xml" { #expect(reader.source == .xmlStream(name: fifo)) }
            if name == "zip" {
                #expect(reader.source == .zipEntry(archive: fifo, entry: "apple_health_export/export.xml"))
            }
        }
    }
}

/// Byte-level mutations of an input: flips, overwrites, insertions, removals, truncation.
enum Mutator {
    static func mutate(_ input: [UInt8], using generator: inout SplitMix) -> [UInt8] {
        var bytes = input
        let interesting: [UInt8] = [0x00, 0xFF, 0x3C, 0x3E, 0x22, 0x26, 0x3B, 0x2F, 0x0A, 0x50, 0x4B]
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else { break }
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes[index] = interesting.randomElement(using: &generator)!
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            case 3: bytes.remove(at: index)
            case 4: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...64, using: &generator)))
            default: bytes.removeLast(Int.random(in: 0...min(bytes.count, 200), using: &generator))
            }
        }
        return bytes
    }
}
