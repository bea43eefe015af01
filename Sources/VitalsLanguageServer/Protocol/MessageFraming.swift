import Foundation

/// Where a reader gets bytes: standard input, or bytes in memory for tests.
public protocol ByteSource: AnyObject {
    /// Up to `maximum` bytes, waiting at most `timeout` seconds (nil: as long as it takes).
    /// An empty array with `.ended`: the source is closed; with `.timedOut`: nothing came.
    func read(maximum: Int, timeout: Double?) -> (bytes: [UInt8], status: ByteReadStatus)
}

public enum ByteReadStatus: Sendable { case data, ended, timedOut }

/// The limits of one message, so that a client (or anything on the other end of the pipe)
/// cannot make the server hold unbounded memory or wait forever.
public struct FramingLimits: Sendable {
    /// One header line, its CR LF included.
    public var headerLine = 1_024
    /// The header lines of one message together.
    public var headers = 8_192
    /// The body: larger than any catalog file (`CatalogLoader.maximumFileSize`) in JSON.
    public var body = 16 * 1_024 * 1_024
    /// How long the rest of a message that has begun may take to arrive.
    public var stall: Double = 10

    public init() {}
}

/// One framed message read, or why none could be.
public enum Frame: Equatable, Sendable {
    /// A message's body.
    case message([UInt8])
    /// A message that could not be read (answered with a JSON-RPC error); the reader has
    /// skipped past it and goes on with the next.
    case malformed(String)
    /// The input ended.
    case end
}

/// Reads LSP base-protocol messages (`Content-Length: N` header lines, an empty line, N bytes
/// of body) within `FramingLimits`. A malformed header, an over-long header or body and a
/// message that stalls midway are each one `.malformed` frame: the body of a too-large message
/// is read and dropped in pieces (never held), and after a bad header the reader looks for the
/// next line that starts a message.
public final class MessageReader {
    private let source: ByteSource
    private let limits: FramingLimits
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false

    public init(source: ByteSource, limits: FramingLimits = FramingLimits()) {
        self.source = source
        self.limits = limits
    }

    /// The next frame: waits for a message to begin as long as it takes, then at most
    /// `limits.stall` seconds for each further piece of it.
    public func next() -> Frame {
        var length: Int?
        var headerBytes = 0
        var problem: String?
        var begun = false
        // Header lines up to the empty one.
        while true {
            guard let line = readLine(limit: limits.headerLine, begun: begun) else {
                if ended && !begun && available == 0 { return .end }
                start = buffer.count
                compact()
                if ended { return .malformed("the input ended inside a message's header") }
                return .malformed("the rest of a message's header did not come within \(Int(limits.stall)) s")
            }
            begun = true
            switch line {
            case .tooLong:
                problem = problem ?? "a header line longer than \(limits.headerLine) bytes"
                headerBytes += limits.headerLine
            case .line(let text):
                headerBytes += text.count + 2
                if text.isEmpty {
                    if let problem { return drop(length: length, problem) }
                    guard let length else { return .malformed("a message without a Content-Length header") }
                    return body(length)
                }
                if let value = Self.contentLength(text) {
                    guard let parsed = value else {
                        problem = problem ?? "a Content-Length that is not a number"
                        break
                    }
                    if length != nil, length != parsed { problem = problem ?? "two different Content-Length headers" }
                    length = parsed
                } else if !Self.isHeader(text) {
                    problem = problem ?? "a header line that is not 'Name: value'"
                }
            }
            if headerBytes > limits.headers {
                return drop(length: nil, "headers longer than \(limits.headers) bytes")
            }
        }
    }

    /// A bad message's body skipped when its length is known and sane; else nothing more.
    private func drop(length: Int?, _ problem: String) -> Frame {
        if let length, length >= 0 { _ = skip(length) }
        return .malformed(problem)
    }

    private func body(_ length: Int) -> Frame {
        guard length >= 0 else { return .malformed("a negative Content-Length") }
        guard length <= limits.body else {
            let skipped = skip(length)
            return .malformed(
                "a message body of \(length) bytes; the limit is \(limits.body)"
                    + (skipped ? "" : " (and it did not all come)"))
        }
        while available < length {
            guard fill(timeout: limits.stall) else {
                start = buffer.count
                return .malformed(
                    ended
                        ? "the input ended inside a message's body"
                        : "the rest of a message's body did not come within \(Int(limits.stall)) s")
            }
        }
        let bytes = Array(buffer[start..<start + length])
        start += length
        compact()
        return .message(bytes)
    }

    /// Reads and drops `count` bytes; false when they did not all come.
    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if available == 0, !fill(timeout: limits.stall) { return false }
            let taken = min(left, available)
            start += taken
            left -= taken
            compact()
        }
        return true
    }

    private enum Line {
        case line([UInt8])
        case tooLong
    }

    /// One line without its CR LF (a bare LF ends one too); nil when the input ended or, once
    /// a message has begun, stalled.
    private func readLine(limit: Int, begun: Bool) -> Line? {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                compact()
                return line.count + 2 > limit ? .tooLong : .line(line)
            }
            scanned = available
            if available > limit {
                // Drop what is there and the rest of the line as it comes.
                start = buffer.count
                compact()
                while true {
                    guard fill(timeout: limits.stall) else { return nil }
                    if let newline = buffer[start...].firstIndex(of: 0x0A) {
                        start = newline + 1
                        compact()
                        return .tooLong
                    }
                    start = buffer.count
                    compact()
                }
            }
            guard fill(timeout: begun || available > 0 ? limits.stall : nil) else { return nil }
        }
    }

    private var available: Int { buffer.count - start }

    /// Whether bytes are waiting: buffered, or ready to read without waiting.
    func peek() -> Bool { available > 0 || fill(timeout: 0) }

    /// More bytes into the buffer; false when none came (ended or timed out).
    private func fill(timeout: Double?) -> Bool {
        guard !ended else { return false }
        let (bytes, status) = source.read(maximum: 65_536, timeout: timeout)
        switch status {
        case .data where !bytes.isEmpty:
            buffer += bytes
            return true
        case .ended:
            ended = true
            return false
        default: return false
        }
    }

    private func compact() {
        if start > 65_536 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    /// `Content-Length`'s value (nil inside: not a number), or nil for another header.
    static func contentLength(_ line: [UInt8]) -> Int?? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
            let name = String(validating: line[..<colon], as: UTF8.self),
            name.lowercased() == "content-length"
        else { return nil }
        let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty, value.utf8.count <= 12, value.allSatisfy(\.isASCII), let number = Int(value), number >= 0
        else {
            return .some(nil)
        }
        return .some(number)
    }

    private static func isHeader(_ line: [UInt8]) -> Bool {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else { return false }
        return line[..<colon].allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}

/// Writes framed messages to standard output (or anything else), one at a time.
public final class MessageWriter: @unchecked Sendable {
    private let write: ([UInt8]) -> Void
    private let lock = NSLock()

    public init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    /// A writer to the file descriptor `fd`, each message whole (partial writes continued).
    public static func fileDescriptor(_ fd: Int32) -> MessageWriter {
        MessageWriter { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw in
                    Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    public func send(_ body: String) {
        let bytes = Array(body.utf8)
        lock.withLock { write(Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes) }
    }
}

/// Standard input (or any file descriptor) as a `ByteSource`, each wait bounded by `poll`.
public final class FileDescriptorSource: ByteSource {
    private let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public func read(maximum: Int, timeout: Double?) -> (bytes: [UInt8], status: ByteReadStatus) {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let milliseconds = timeout.map { Int32(min($0 * 1000, 86_400_000)) } ?? -1
        while true {
            let ready = poll(&pollfd, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { return ([], .timedOut) }
            break
        }
        var bytes = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, maximum) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return ([], .ended) }
            return (Array(bytes[..<count]), .data)
        }
    }
}

/// Bytes in memory as a `ByteSource`, handed out in pieces of `chunk` (tests, the fuzz loop).
public final class MemorySource: ByteSource {
    private var bytes: [UInt8]
    private var offset = 0
    private let chunk: Int
    /// After the bytes: end (false: time out, as a client that stopped sending).
    private let endsAfter: Bool

    public init(_ bytes: [UInt8], chunk: Int = 4_096, endsAfter: Bool = true) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
        self.endsAfter = endsAfter
    }

    public func read(maximum: Int, timeout: Double?) -> (bytes: [UInt8], status: ByteReadStatus) {
        guard offset < bytes.count else { return ([], endsAfter || timeout == nil ? .ended : .timedOut) }
        let end = min(bytes.count, offset + min(maximum, chunk))
        defer { offset = end }
        return (Array(bytes[offset..<end]), .data)
    }
}
