import Foundation
import PropertyBased
import Testing

@testable import VitalsKit

/// `SARIFDiagnosticFormat.uri`: RFC 3986 percent-encoding of file paths, checked against Foundation's
/// decoding on generated paths.
@Suite struct SARIFReportTests {
    private static let unreservedAndSlash = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".unicodeScalars)

    @Test func encodedPathsUseOnlyURICharactersAndDecodeBack() async {
        let pieces = Gen<Character?>.element(of: Array("ab/ #%?ü漢😀:;,[]@!$&'()*+=\u{202E}\u{1B}.-_~")).array(of: 1...20)
        await propertyCheck(count: 2000, input: pieces, Gen.bool) { characters, absolute in
            let path = (absolute ? "/" : "") + String(characters.compactMap { $0 })
            let uri = SARIFDiagnosticFormat.uri(path)
            let isAbsolute = path.hasPrefix("/")
            let body = isAbsolute ? String(uri.dropFirst("file://".count)) : uri
            #expect(isAbsolute == uri.hasPrefix("file:///"), "\(uri)")
            #expect(body.unicodeScalars.allSatisfy { Self.unreservedAndSlash.contains($0) || $0 == "%" }, "\(uri)")
            #expect(body.removingPercentEncoding == path, "\(path) → \(uri)")
            #expect(URL(string: uri) != nil, "\(uri)")
        }
    }

    @Test func examples() {
        #expect(SARIFDiagnosticFormat.uri("screens/a b.yaml") == "screens/a%20b.yaml")
        #expect(SARIFDiagnosticFormat.uri("metrics/100%.yaml") == "metrics/100%25.yaml")
        #expect(SARIFDiagnosticFormat.uri("x#1.yaml") == "x%231.yaml")
        #expect(SARIFDiagnosticFormat.uri("grüße.yaml") == "gr%C3%BC%C3%9Fe.yaml")
        #expect(SARIFDiagnosticFormat.uri("/tmp/c/screens/p.yaml") == "file:///tmp/c/screens/p.yaml")
    }
}
