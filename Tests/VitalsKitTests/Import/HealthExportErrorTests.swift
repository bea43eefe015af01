import Foundation
import Testing

@testable import VitalsImport
@testable import VitalsKit

@Suite("Apple Health export errors")
struct HealthExportErrorTests {
    typealias F = HealthExportFixtures

    private func error(_ xml: String, chunkSize: Int = 1 << 16) -> HealthExportError? {
        do {
            _ = try F.parse(xml, chunkSize: chunkSize)
            return nil
        } catch let error as HealthExportError {
            return error
        } catch {
            return nil
        }
    }

    @Test("a truncated export names where it ends and what is open", arguments: [1, 7, 1 << 16])
    func truncated(chunkSize: Int) throws {
        let full = Array(F.quirky.utf8)
        let cut = String(decoding: full[0..<(full.count * 2 / 3)], as: UTF8.self)
        let error = try #require(self.error(cut, chunkSize: chunkSize))
        guard case .truncated(_, let position) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(position.byteOffset == Int64(cut.utf8.count))
        #expect(position.line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test("an export cut inside an element names the open element")
    func truncatedBetweenTags() throws {
        let error = try #require(
            self.error("<HealthData>\n <Record type=\"T\" sourceName=\"s\" startDate=\"2020-01-01 00:00:00 +0000\">\n"))
        #expect(error.description.contains("<Record> opened at line 2 is not closed"))
        let insideTag = try #require(self.error("<HealthData>\n <Record type=\"T\" sourc"))
        guard case .truncated(let reason, let position) = insideTag else {
            Issue.record("\(insideTag)")
            return
        }
        #expect(reason.contains("inside the start tag that begins here"))
        #expect(position.line == 2)
    }

    @Test("a file that is not XML", arguments: ["date,value\n2020-01-01,72\n", "", "   \n", "{\"json\": true}"])
    func notXML(text: String) throws {
        let error = try #require(self.error(text))
        guard case .notXML = error else {
            Issue.record("\(error)")
            return
        }
    }

    @Test("not XML names the first offending byte")
    func notXMLPosition() throws {
        let error = try #require(self.error("\n\n  PK garbage"))
        #expect(error.position == XMLPosition(line: 3, byteOffset: 4))
        #expect(error.description.contains("\"PK garbage\""))
    }

    @Test("well-formed XML that is not a Health export")
    func otherXML() throws {
        let error = try #require(self.error("<?xml version=\"1.0\"?>\n<ClinicalDocument xmlns=\"urn:hl7-org:v3\"/>"))
        #expect(error == .notHealthExport(root: "ClinicalDocument", at: XMLPosition(line: 2, byteOffset: 22)))
    }

    @Test("corruption: mismatched tags, NUL bytes, broken attributes, a second root")
    func corrupted() throws {
        let mismatch = try #require(self.error("<HealthData>\n<Record type=\"T\">\n</Workout></HealthData>"))
        #expect(mismatch.description.contains("</Workout> does not close <Record> opened at line 2"))
        #expect(mismatch.position?.line == 3)
        let nul = try #require(self.error("<HealthData>\n<Record type=\"T\"/>\n\0\0\0\0</HealthData>", chunkSize: 3))
        guard case .malformed(let reason, let position) = nul else {
            Issue.record("\(nul)")
            return
        }
        #expect(reason.contains("NUL"))
        #expect(position == XMLPosition(line: 3, byteOffset: 32))
        let unquoted = try #require(self.error("<HealthData><Record type=T/></HealthData>"))
        #expect(unquoted.description.contains("not quoted"))
        let second = try #require(self.error("<HealthData/>\n<HealthData/>"))
        #expect(second.description.contains("second root"))
        let junk = try #require(self.error("<HealthData/>\ntrailing"))
        #expect(junk.description.contains("after the end"))
    }

    @Test("an unclosed quote does not make memory grow without bound")
    func unclosedQuote() throws {
        let parser = HealthExportParser(sink: CountingHealthSink())
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        var thrown: Error?
        do {
            try parser.feed(Array("<HealthData><Record type=\"".utf8))
            for _ in 0..<8 { try parser.feed(chunk) }
        } catch { thrown = error }
        #expect((thrown as? HealthExportError)?.description.contains("longer than") == true)
    }
}
