import VitalsKit

/// A line-by-line difference of two texts and its unified form (`diff -u`), for the drawn
/// screens `vitals diff` compares. Deterministic: of the longest common subsequences it takes
/// removals before additions, so the same inputs always give the same hunks.
package enum LineDiff {
    package enum Edit: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The edits turning `old` into `new`.
    package static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        // The common head and tail need no table.
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        let a = Array(old[head..<(old.count - tail)])
        let b = Array(new[head..<(new.count - tail)])
        // common[i][j]: the length of the longest common subsequence of a[i...] and b[j...].
        let width = b.count + 1
        var common = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i * width + j] =
                    a[i] == b[j]
                    ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var edits = old[..<head].map(Edit.same)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(.same(a[i]))
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && common[(i + 1) * width + j] >= common[i * width + j + 1]) {
                edits.append(.removed(a[i]))
                i += 1
            } else {
                edits.append(.added(b[j]))
                j += 1
            }
        }
        edits += old[(old.count - tail)...].map(Edit.same)
        return edits
    }

    /// The unified diff of `old` and `new` with `context` lines around each change, headed
    /// `--- oldName` / `+++ newName`; empty when they are equal.
    package static func unified(
        _ old: [String], _ new: [String], oldName: String, newName: String,
        context: Int = 3
    ) -> String {
        let edits = edits(old, new)
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        guard let first = changed.first else { return "" }
        // Changes closer than two contexts share a hunk.
        var hunks: [(start: Int, end: Int)] = []
        var start = first
        var end = first
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                hunks.append((start, end))
                start = index
            }
            end = index
        }
        hunks.append((start, end))
        // Line numbers before each edit.
        var oldLine = [Int]()
        var newLine = [Int]()
        var o = 0
        var n = 0
        for edit in edits {
            oldLine.append(o)
            newLine.append(n)
            switch edit {
            case .same:
                o += 1
                n += 1
            case .removed: o += 1
            case .added: n += 1
            }
        }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks {
            let from = max(0, hunk.start - context)
            let to = min(edits.count - 1, hunk.end + context)
            var oldCount = 0
            var newCount = 0
            var body = ""
            for edit in edits[from...to] {
                switch edit {
                case .same(let line):
                    body += " \(line)\n"
                    oldCount += 1
                    newCount += 1
                case .removed(let line):
                    body += "-\(line)\n"
                    oldCount += 1
                case .added(let line):
                    body += "+\(line)\n"
                    newCount += 1
                }
            }
            // An empty side is numbered by the line before it, as diff -u does.
            let oldStart = oldCount == 0 ? oldLine[from] : oldLine[from] + 1
            let newStart = newCount == 0 ? newLine[from] : newLine[from] + 1
            out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
        }
        return out
    }
}
