import Foundation
import XCTest

@testable import VitalsKit

/// `PrivateFile.write` replaces only a regular file: a FIFO, a device or a socket at the
/// path is written in place or refused, never renamed over; a link to a file is kept.
final class PrivateFileTargetTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("vitals-target-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    private func identity(_ path: String) -> (device: UInt64, inode: UInt64, kind: mode_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino), info.st_mode & S_IFMT)
    }

    private func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func testAFIFONobodyReadsIsRefusedAtOnceAndStaysAFIFO() throws {
        let fifo = directory + "/out.csv"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let before = try XCTUnwrap(identity(fifo))
        let started = Date()
        XCTAssertThrowsError(try PrivateFile.write(Array("a,b\n".utf8), to: fifo)) { error in
            XCTAssertEqual((error as? PrivateFileError)?.reason, "no process is reading it; nothing was written")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        let after = try XCTUnwrap(identity(fifo))
        XCTAssertEqual(after.kind, S_IFIFO)
        XCTAssertEqual([after.device, after.inode], [before.device, before.inode])
        XCTAssertEqual(try entries(), ["out.csv"], "no temporary file left beside it")
    }

    func testAFIFOSomeoneReadsGetsTheBytesInPlace() throws {
        let fifo = directory + "/out.csv"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let before = try XCTUnwrap(identity(fifo))
        // The reader opens first (a non-blocking open of the read end), so the writer finds it.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        try PrivateFile.write(Array("a,b\n".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &buffer, buffer.count)
        XCTAssertEqual(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self), "a,b\n")
        let after = try XCTUnwrap(identity(fifo))
        XCTAssertEqual(after.kind, S_IFIFO)
        XCTAssertEqual([after.device, after.inode], [before.device, before.inode])
        XCTAssertEqual(try entries(), ["out.csv"])
    }

    func testDevNullIsWrittenInPlaceAndLeftAsItWas() throws {
        let before = try XCTUnwrap(identity("/dev/null"))
        XCTAssertEqual(before.kind, S_IFCHR)
        try PrivateFile.write(Array("health data\n".utf8), to: "/dev/null")
        let after = try XCTUnwrap(identity("/dev/null"))
        XCTAssertEqual(after.kind, S_IFCHR)
        XCTAssertEqual([after.device, after.inode], [before.device, before.inode])
        // Through a link to it, too: the link stays a link.
        let link = directory + "/null-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        try PrivateFile.write(Array("x".utf8), to: link)
        XCTAssertEqual(identity(link)?.kind, S_IFLNK)
        XCTAssertEqual(identity("/dev/null")?.inode, before.inode)
    }

    func testDevFullSaysTheDiskIsFullAndStaysADevice() throws {
        guard let before = identity("/dev/full") else { throw XCTSkip("no /dev/full here") }
        XCTAssertThrowsError(try PrivateFile.write(Array("x".utf8), to: "/dev/full")) { error in
            XCTAssertEqual((error as? PrivateFileError)?.reason, String(cString: strerror(ENOSPC)))
        }
        XCTAssertEqual(identity("/dev/full")?.kind, S_IFCHR)
        XCTAssertEqual(identity("/dev/full")?.inode, before.inode)
    }

    func testASocketAndADirectoryAreRefused() throws {
        let socketPath = directory + "/s"
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertThrowsError(try PrivateFile.write(Array("x".utf8), to: socketPath)) { error in
            XCTAssertEqual((error as? PrivateFileError)?.reason.hasPrefix("it is a socket"), true, "\(error)")
        }
        XCTAssertEqual(identity(socketPath)?.kind, S_IFSOCK)
        XCTAssertThrowsError(try PrivateFile.write(Array("x".utf8), to: directory))
        XCTAssertEqual(identity(directory)?.kind, S_IFDIR)
        XCTAssertEqual(try entries(), ["s"])
    }

    func testALinkToAFileKeepsTheLinkAndReplacesTheFile() throws {
        let target = directory + "/real.json"
        let link = directory + "/link.json"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(target, 0o640), 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.json")
        try PrivateFile.write(Array("new".utf8), to: link)
        XCTAssertEqual(identity(link)?.kind, S_IFLNK)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new")
        XCTAssertEqual(FaultMode.of(target), 0o640)
        XCTAssertEqual(try entries(), ["link.json", "real.json"])
        // A link to nothing is refused, and nothing is created at its target.
        let dangling = directory + "/dangling.json"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "missing.json")
        XCTAssertThrowsError(try PrivateFile.write(Array("x".utf8), to: dangling))
        XCTAssertEqual(try entries(), ["dangling.json", "link.json", "real.json"])
    }

    func testARegularFileIsStillReplacedWhole() throws {
        let path = directory + "/plain.csv"
        try "old, longer than the new text".write(toFile: path, atomically: true, encoding: .utf8)
        let before = try XCTUnwrap(identity(path))
        try PrivateFile.write(Array("new".utf8), to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        XCTAssertNotEqual(identity(path)?.inode, before.inode, "renamed over, not written in place")
        XCTAssertEqual(try entries(), ["plain.csv"])
    }
}

private enum FaultMode {
    static func of(_ path: String) -> mode_t? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : nil
    }
}
