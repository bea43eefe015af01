import Foundation
import ZIPFoundation

/// How far reading has got: XML bytes read of the total (uncompressed) size.
public struct HealthReadProgress: Sendable, Hashable {
    public var bytesRead: Int64
    public var totalBytes: Int64

    /// 0…1; 0 when the total is unknown.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0 }
}

/// Where an export's XML is read from.
public enum HealthExportSource: Sendable, Hashable, CustomStringConvertible {
    case xmlFile(path: String)
    case zipEntry(archive: String, entry: String)

    public var description: String {
        switch self {
        case .xmlFile(let path): return path
        case .zipEntry(let archive, let entry): return "\(archive) → \(entry)"
        }
    }
}

/// Opens an Apple Health export — `export.zip`, the XML, or the unzipped folder — and streams
/// it through the parser into a sink, without unpacking anything to disk.
public struct HealthExportReader: Sendable {
    public let source: HealthExportSource
    /// Size of the XML in bytes (uncompressed), for progress.
    public let totalBytes: Int64

    /// Finds the export XML at `path` (a zip, an XML file, or a folder holding either).
    public static func open(_ path: String) throws -> HealthExportReader {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw HealthExportError.notFound(path: path)
        }
        if isDirectory.boolValue { return try openFolder(path) }
        if try isZip(path) { return try openZip(path) }
        return HealthExportReader(source: .xmlFile(path: path), totalBytes: try fileSize(path))
    }

    /// Reads the whole export into a counting sink (the scanner's speed, no database).
    public func count(chunkSize: Int = 1 << 18) throws -> (CountingHealthSink, HealthScanStatistics) {
        var sink = CountingHealthSink()
        let statistics = try read(into: &sink, chunkSize: chunkSize)
        return (sink, statistics)
    }

    /// Reads the whole export into `sink`; returns what was found.
    ///
    /// `progress` is called after every chunk. On error the sink keeps what it was given.
    @discardableResult
    public func read<Sink: HealthExportSink>(
        into sink: inout Sink, chunkSize: Int = 1 << 18, progress: ((HealthReadProgress) -> Void)? = nil
    ) throws -> HealthScanStatistics {
        let parser = HealthExportParser(sink: sink)
        defer { sink = parser.sink }
        let total = totalBytes
        let report = { progress?(HealthReadProgress(bytesRead: parser.bytesRead, totalBytes: total)) }
        switch source {
        case .xmlFile(let path):
            try Self.readFile(path, chunkSize: chunkSize) { chunk in
                try parser.feed(chunk)
                report()
            }
        case .zipEntry(let archivePath, let entryPath):
            let archive = try Self.archive(archivePath)
            guard let entry = archive[entryPath] else {
                throw HealthExportError.noExportInArchive(path: archivePath, found: [])
            }
            // Inflating and checking the CRC take a third of the reading time: they run on a
            // thread of their own, a few chunks ahead of the parser. The CRC is checked here
            // rather than by ZIPFoundation (see `CRC32Checksum`); a mismatch reaches the parser
            // as an error before the end of the input, so the import is rolled back.
            let chunks = BoundedChannel<Data>(capacity: 4)
            let inflated = DispatchSemaphore(value: 0)
            let zip = ZipEntryHandle(archive: archive, entry: entry)
            let inflater = Thread {
                defer { inflated.signal() }
                do {
                    var checksum = CRC32Checksum()
                    _ = try zip.archive.extract(zip.entry, bufferSize: chunkSize, skipCRC32: true) { data in
                        data.withUnsafeBytes { checksum.update($0) }
                        try chunks.send(data)
                    }
                    if checksum.value != zip.entry.checksum {
                        throw ChecksumMismatch(expected: zip.entry.checksum, computed: checksum.value)
                    }
                    chunks.finish(nil)
                } catch {
                    chunks.finish(error)
                }
            }
            inflater.start()
            defer {
                chunks.cancel()
                inflated.wait()
            }
            while true {
                let data: Data
                do {
                    guard let next = try chunks.receive() else { break }
                    data = next
                } catch {
                    let position = XMLPosition(line: 0, byteOffset: parser.bytesRead)
                    throw HealthExportError.corruptArchive(path: archivePath, reason: "\(error)", at: position)
                }
                try parser.feed(data)
                report()
            }
        }
        return try parser.finish()
    }

    // MARK: Opening

    private static func openFolder(_ path: String) throws -> HealthExportReader {
        let manager = FileManager.default
        var files: [HealthExportLocator.Candidate] = []
        for folder in ["", "apple_health_export"] {
            let directory = folder.isEmpty ? path : (path as NSString).appendingPathComponent(folder)
            for name in (try? manager.contentsOfDirectory(atPath: directory)) ?? [] {
                let full = (directory as NSString).appendingPathComponent(name)
                let relative = folder.isEmpty ? name : "\(folder)/\(name)"
                files.append(.init(path: relative, size: (try? fileSize(full)) ?? 0))
            }
        }
        guard let chosen = HealthExportLocator.exportXML(among: files) else {
            throw HealthExportError.noExportInArchive(path: path, found: files.map(\.path).sorted())
        }
        let full = (path as NSString).appendingPathComponent(chosen)
        return HealthExportReader(source: .xmlFile(path: full), totalBytes: try fileSize(full))
    }

    private static func openZip(_ path: String) throws -> HealthExportReader {
        let archive = try archive(path)
        var files: [HealthExportLocator.Candidate] = []
        for entry in archive where entry.type == .file {
            files.append(.init(path: entry.path, size: Int64(entry.uncompressedSize)))
        }
        guard let chosen = HealthExportLocator.exportXML(among: files),
              let size = files.first(where: { $0.path == chosen })?.size else {
            throw HealthExportError.noExportInArchive(path: path, found: files.map(\.path))
        }
        return HealthExportReader(source: .zipEntry(archive: path, entry: chosen), totalBytes: size)
    }

    private static func archive(_ path: String) throws -> Archive {
        do {
            return try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw HealthExportError.corruptArchive(
                path: path, reason: "not a readable zip (truncated or damaged): \(error)", at: nil)
        }
    }

    private static func isZip(_ path: String) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HealthExportError.unreadable(path: path, reason: "permission denied or not a regular file")
        }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        return magic.count == 4 && magic[0] == 0x50 && magic[1] == 0x4B
            && (magic[2] == 3 && magic[3] == 4 || magic[2] == 5 && magic[3] == 6)
    }

    private static func fileSize(_ path: String) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Reads a file in chunks with plain `read(2)` into one reused buffer.
    private static func readFile(_ path: String, chunkSize: Int,
                                 _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let descriptor = Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw HealthExportError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Foundation.read(descriptor, buffer.baseAddress, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw HealthExportError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }
}

/// The inflated export does not have the CRC-32 its zip entry records: the file is damaged.
private struct ChecksumMismatch: Error, CustomStringConvertible {
    var expected: UInt32
    var computed: UInt32

    var description: String {
        "the inflated export's CRC-32 is \(String(computed, radix: 16)), "
            + "the zip says \(String(expected, radix: 16)): the file is damaged"
    }
}

/// A zip archive and the entry to inflate, handed to the inflating thread, the only one that
/// uses them from then on.
private final class ZipEntryHandle: @unchecked Sendable {
    let archive: Archive
    let entry: Entry

    init(archive: Archive, entry: Entry) {
        self.archive = archive
        self.entry = entry
    }
}
