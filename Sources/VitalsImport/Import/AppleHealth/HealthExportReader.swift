import Foundation
import VitalsKit

/// How far reading has got: XML bytes read of the total (uncompressed) size.
package struct HealthReadProgress: Sendable, Hashable {
    package var bytesRead: Int64
    package var totalBytes: Int64

    /// 0…1; 0 when the total is unknown.
    package var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 0 }
}

/// Where an export's XML is read from.
package enum HealthExportSource: Sendable, Hashable, CustomStringConvertible {
    case xmlFile(path: String)
    case zipEntry(archive: String, entry: String)
    /// XML read once, front to back, from a pipe (`-`, `/dev/stdin`, `<(cat export.xml)`, a FIFO).
    case xmlStream(name: String)

    package var description: String {
        switch self {
        case .xmlFile(let path): return path
        case .zipEntry(let archive, let entry): return "\(archive) → \(entry)"
        case .xmlStream(let name): return name
        }
    }
}

/// Opens an Apple Health export — `export.zip`, the XML, or the unzipped folder — and streams
/// it through the parser into a sink, without unpacking anything to disk.
package struct HealthExportReader: Sendable {
    package let source: HealthExportSource
    /// Size of the XML in bytes (uncompressed), for progress; 0 when unknown (a pipe).
    package let totalBytes: Int64
    /// The pipe an `.xmlStream` is read from, with the bytes already read to sniff it.
    private let stream: PipeInput?
    /// A zip that came through a pipe, copied to a temporary file (zips are read from the end).
    private let spooled: SpooledFile?
    /// The zip entry holding the export, for `.zipEntry`.
    private let zipEntry: ZipDirectory.Entry?

    private init(
        source: HealthExportSource, totalBytes: Int64, stream: PipeInput? = nil, spooled: SpooledFile? = nil,
        zipEntry: ZipDirectory.Entry? = nil
    ) {
        self.source = source
        self.totalBytes = totalBytes
        self.stream = stream
        self.spooled = spooled
        self.zipEntry = zipEntry
    }

    /// Finds the export XML at `path` (a zip, an XML file, or a folder holding either); `-`
    /// is standard input. A pipe or FIFO is opened once and never re-opened: its first bytes
    /// tell a zip (copied to a temporary file) from XML (streamed as it comes).
    package static func open(_ path: String) throws -> HealthExportReader {
        if path == "-" { return try openPipe(descriptor: dup(STDIN_FILENO), name: "standard input") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw HealthExportError.notFound(path: path) }
            throw HealthExportError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            return try openFolder(path)
        case S_IFREG:
            if try isZip(path) { return try openZip(path) }
            return HealthExportReader(source: .xmlFile(path: path), totalBytes: Int64(status.st_size))
        default:
            let descriptor = Foundation.open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw HealthExportError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            return try openPipe(descriptor: descriptor, name: path)
        }
    }

    /// Reads the first bytes of a pipe: a zip is copied whole to a temporary file, XML is
    /// streamed from there on.
    private static func openPipe(descriptor: Int32, name: String) throws -> HealthExportReader {
        let pipe = PipeInput(descriptor: descriptor, name: name)
        let head = try pipe.readPrefix(minimum: 4)
        let isZip =
            head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6)
        guard isZip else { return HealthExportReader(source: .xmlStream(name: name), totalBytes: 0, stream: pipe) }
        let spooled = try SpooledFile(copying: pipe)
        let zip = try openZip(spooled.path, name: name)
        guard case .zipEntry(_, let entry) = zip.source else { return zip }
        return HealthExportReader(
            source: .zipEntry(archive: name, entry: entry), totalBytes: zip.totalBytes,
            spooled: spooled, zipEntry: zip.zipEntry)
    }

    /// Reads the whole export into a counting sink (the scanner's speed, no database).
    package func count(chunkSize: Int = 1 << 18) throws -> (CountingHealthSink, HealthScanStatistics) {
        var sink = CountingHealthSink()
        let statistics = try read(into: &sink, chunkSize: chunkSize)
        return (sink, statistics)
    }

    /// Reads the whole export into `sink`; returns what was found.
    ///
    /// `progress` is called after every chunk. On error the sink keeps what it was given.
    @discardableResult
    package func read<Sink: HealthExportSink>(
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
        case .xmlStream:
            guard let stream else { throw HealthExportError.unreadable(path: "\(source)", reason: "read twice") }
            try stream.read(chunkSize: chunkSize) { chunk in
                try parser.feed(chunk)
                report()
            }
        case .zipEntry(let archiveName, _):
            guard let entry = zipEntry else { throw HealthExportError.noExportInArchive(path: archiveName, found: []) }
            let archivePath = spooled?.path ?? archiveName
            // Inflating and checking the CRC take a third of the reading time: they run on a
            // thread of their own, a few chunks ahead of the parser. A damaged entry reaches the
            // parser as an error before the end of the input, so the import is rolled back.
            let chunks = BoundedChannel<Data>(capacity: 4)
            let inflated = DispatchSemaphore(value: 0)
            let inflater = Thread {
                defer { inflated.signal() }
                do {
                    try ZipDirectory.extract(entry, from: archivePath, chunkSize: chunkSize) { try chunks.send($0) }
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
                    throw HealthExportError.corruptArchive(
                        path: archiveName, reason: ZipErrorText.describe(error), at: position)
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

    private static func openZip(_ path: String, name: String? = nil) throws -> HealthExportReader {
        let directory: ZipDirectory
        do {
            directory = try ZipDirectory(path: path)
        } catch {
            throw HealthExportError.corruptArchive(path: name ?? path, reason: ZipErrorText.describe(error), at: nil)
        }
        let files = directory.entries.filter { !$0.path.hasSuffix("/") }
        let candidates = files.map {
            HealthExportLocator.Candidate(path: $0.path, size: Int64(clamping: $0.uncompressedSize))
        }
        guard let chosen = HealthExportLocator.exportXML(among: candidates),
            let entry = files.first(where: { $0.path == chosen })
        else {
            throw HealthExportError.noExportInArchive(path: name ?? path, found: files.map(\.path))
        }
        if entry.isEncrypted {
            throw HealthExportError.corruptArchive(
                path: name ?? path,
                reason: "\(entry.path) is encrypted (password-protected): vitals cannot read it; "
                    + "unzip it yourself and import the XML", at: nil)
        }
        return HealthExportReader(
            source: .zipEntry(archive: path, entry: chosen),
            totalBytes: Int64(clamping: entry.uncompressedSize), zipEntry: entry)
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

    static func fileSize(_ path: String) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Reads a file in chunks with plain `read(2)` into one reused buffer.
    private static func readFile(
        _ path: String, chunkSize: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
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
