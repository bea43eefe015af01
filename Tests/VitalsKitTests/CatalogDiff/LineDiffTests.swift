import TestSupport
import XCTest

@testable import VitalsCatalogDiff
@testable import VitalsKit

final class LineDiffTests: XCTestCase {
    /// The length of the longest common subsequence, by the plain recursion over prefixes.
    private func naiveCommon(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count {
            for j in 0..<b.count {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return table[a.count][b.count]
    }

    func testEditsRebuildBothSidesAndKeepALongestCommonPart() {
        var random = SplitMix(seed: 28)
        for _ in 0..<400 {
            let old = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                ["a", "b", "c", "d"].randomElement(using: &random)!
            }
            let new = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                ["a", "b", "c", "d"].randomElement(using: &random)!
            }
            let edits = LineDiff.edits(old, new)
            var rebuiltOld: [String] = []
            var rebuiltNew: [String] = []
            var same = 0
            for edit in edits {
                switch edit {
                case .same(let line):
                    rebuiltOld.append(line)
                    rebuiltNew.append(line)
                    same += 1
                case .removed(let line): rebuiltOld.append(line)
                case .added(let line): rebuiltNew.append(line)
                }
            }
            XCTAssertEqual(rebuiltOld, old)
            XCTAssertEqual(rebuiltNew, new)
            XCTAssertEqual(same, naiveCommon(old, new), "\(old) → \(new)")
        }
    }

    func testUnifiedHunksHaveContextAndLineNumbers() {
        let old = (1...20).map { "line \($0)" }
        var new = old
        new[1] = "line two"
        new.insert("inserted", at: 15)
        let text = LineDiff.unified(old, new, oldName: "a", newName: "b", context: 2)
        XCTAssertEqual(
            text,
            """
            --- a
            +++ b
            @@ -1,4 +1,4 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
            @@ -14,4 +14,5 @@
             line 14
             line 15
            +inserted
             line 16
             line 17

            """)
        XCTAssertEqual(LineDiff.unified(old, old, oldName: "a", newName: "b"), "")
        XCTAssertEqual(LineDiff.unified([], ["x"], oldName: "a", newName: "b"), "--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n")
    }
}
