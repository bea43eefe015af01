import Foundation
import Testing
import ZIPFoundation

@testable import VitalsImport
@testable import VitalsKit

@Suite("Apple Health export reader")
struct HealthExportReaderTests {
    typealias F = HealthExportFixtures

    /// Writes a zip holding `files` (path → contents), deflated.
    private func makeZip(_ files: [(String, String)], in directory: URL) throws -> String {
        let url = directory.appendingPathComponent("export.zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, contents) in files {
            let data = Data(contents.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count),
                compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return url.path
    }

    @Test(
        "a zip with a localized export name, export_cda.xml and __MACOSX entries",
        arguments: ["export.xml", "Export.xml", "导出.xml", "экспорт.xml"])
    func localizedZip(name: String) throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cda = "<?xml version=\"1.0\"?><ClinicalDocument/>" + String(repeating: " ", count: 100_000)
        let path = try makeZip(
            [
                ("apple_health_export/export_cda.xml", cda),
                ("__MACOSX/apple_health_export/._\(name)", "resource fork"),
                ("apple_health_export/\(name)", F.quirky),
                ("apple_health_export/workout-routes/route_1.gpx", "<gpx/>"),
            ], in: directory)
        let reader = try HealthExportReader.open(path)
        #expect(reader.source == .zipEntry(archive: path, entry: "apple_health_export/\(name)"))
        #expect(reader.totalBytes == Int64(F.quirky.utf8.count))
        var sink = CollectingHealthSink()
        var reports: [HealthReadProgress] = []
        let statistics = try reader.read(into: &sink, chunkSize: 1000) { reports.append($0) }
        #expect(sink.records.count == 11)
        #expect(statistics.records == 11)
        #expect(reports.count > 3)
        #expect(reports.last?.bytesRead == reader.totalBytes && reports.last?.fraction == 1)
    }

    @Test("a zip with no health export names what it holds")
    func zipWithoutExport() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try makeZip(
            [("photos/cat.jpg", "jpeg"), ("apple_health_export/export_cda.xml", "<x/>")],
            in: directory)
        #expect(
            throws: HealthExportError.noExportInArchive(
                path: path, found: ["photos/cat.jpg", "apple_health_export/export_cda.xml"])
        ) {
            try HealthExportReader.open(path)
        }
    }

    @Test("a truncated zip is reported as damaged")
    func truncatedZip() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try makeZip([("apple_health_export/export.xml", F.quirky)], in: directory)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        #expect {
            try HealthExportReader.open(path)
        } throws: { error in
            guard case .corruptArchive = error as? HealthExportError else { return false }
            return true
        }
    }

    @Test("a zip whose recorded CRC-32 does not match its contents is reported as damaged")
    func checksumMismatch() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try makeZip([("apple_health_export/export.xml", F.quirky)], in: directory)
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        // Change the CRC-32 in the local header (offset 14) and the central directory (16);
        // the deflated bytes stay intact, so only the checksum can tell.
        for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04] as [UInt8], 14), ([0x50, 0x4B, 0x01, 0x02], 16)] {
            let start = try #require(data.firstRange(of: Data(signature))).lowerBound
            data[start + offset] ^= 0xFF
        }
        try data.write(to: URL(fileURLWithPath: path))
        let reader = try HealthExportReader.open(path)
        var sink = CountingHealthSink()
        #expect {
            try reader.read(into: &sink)
        } throws: { error in
            guard case .corruptArchive(_, let reason, _) = error as? HealthExportError else { return false }
            return reason.contains("CRC-32") && reason.contains("damaged")
        }
    }

    @Test("a plain XML file and an unzipped folder")
    func fileAndFolder() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let xml = folder.appendingPathComponent("экспорт.xml")
        try F.quirky.write(to: xml, atomically: true, encoding: .utf8)
        try "<ClinicalDocument/>".write(
            to: folder.appendingPathComponent("export_cda.xml"),
            atomically: true, encoding: .utf8)
        for path in [xml.path, folder.path, directory.path] {
            let reader = try HealthExportReader.open(path)
            #expect(
                reader.source == .xmlFile(path: xml.path)
                    || reader.source
                        == .xmlFile(
                            path: (directory.path as NSString).appendingPathComponent("apple_health_export/экспорт.xml")
                        )
            )
            var sink = CountingHealthSink()
            let statistics = try reader.read(into: &sink, chunkSize: 7)
            #expect(sink.records == 11 && statistics.records == 11)
        }
    }

    @Test("a missing path, and a file that is not XML")
    func badPaths() throws {
        #expect(throws: HealthExportError.notFound(path: "/nonexistent/export.zip")) {
            try HealthExportReader.open("/nonexistent/export.zip")
        }
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("export.xml")
        try "date,steps\n2020-01-01,1000\n".write(to: csv, atomically: true, encoding: .utf8)
        var sink = CountingHealthSink()
        #expect(
            throws: HealthExportError.notXML(
                found: "\"date,steps·2020-01-01,10…\"",
                at: XMLPosition(line: 1, byteOffset: 0))
        ) {
            try HealthExportReader.open(csv.path).read(into: &sink)
        }
    }

    @Test("the locator prefers the export folder, then export.xml, then the largest file")
    func locator() {
        typealias C = HealthExportLocator.Candidate
        #expect(
            HealthExportLocator.exportXML(among: [
                C(path: "apple_health_export/export_cda.xml", size: 900),
                C(path: "apple_health_export/导出.xml", size: 10),
                C(path: "__MACOSX/apple_health_export/._导出.xml", size: 4000),
            ]) == "apple_health_export/导出.xml")
        #expect(
            HealthExportLocator.exportXML(among: [
                C(path: "apple_health_export/export.xml", size: 10), C(path: "apple_health_export/notes.xml", size: 99),
            ]) == "apple_health_export/export.xml")
        #expect(HealthExportLocator.exportXML(among: [C(path: "Export.xml", size: 1)]) == "Export.xml")
        #expect(
            HealthExportLocator.exportXML(among: [
                C(path: "a/b/export.xml", size: 1), C(path: "apple_health_export/electrocardiograms/x.csv", size: 5),
            ]) == nil)
    }
}
