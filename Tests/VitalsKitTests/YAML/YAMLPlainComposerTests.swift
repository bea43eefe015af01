import ShippedCatalog
import Testing
@testable import VitalsKit

/// `YAMLPlainComposer` against libyaml: every document, generated or odd, composes to the same
/// nodes, texts, quoting, locations, duplicate keys and errors with the plain path on as with
/// libyaml alone; the plain path takes the catalog shape and declines the rest.
@Suite struct YAMLPlainComposerTests {
    /// What composing `text` gives, written out: the tree and duplicates, or the error.
    static func outcome(_ text: String, plainPath: Bool, maxDepth: Int = 64, nodeBudget: Int = 200_000) -> String {
        var composer = YAMLComposer()
        composer.readsPlainSubsetDirectly = plainPath
        composer.keyNames = CatalogSchema.keyNames
        composer.maxDepth = maxDepth
        composer.nodeBudget = nodeBudget
        do {
            let result = try composer.compose(text, file: "g.yaml")
            let duplicates = result.duplicates.map { "\($0.kind) \($0.location) \($0.message) \($0.related.map { "\($0)" } ?? "-")" }
            return YAMLFastPathPropertyTests.dump(result.root) + "\n" + duplicates.joined(separator: "\n")
        } catch let problem as YAMLProblem {
            return "error \(problem.kind) \(problem.location) \(problem.message)"
        } catch {
            return "other \(error)"
        }
    }

    /// Whether the plain path composes `text` itself (rather than leaving it to libyaml).
    static func plainPathTakes(_ text: String, maxDepth: Int = 64, nodeBudget: Int = 200_000) -> Bool {
        var copy = text
        return copy.withUTF8 { buffer in
            var plain = YAMLPlainComposer(buffer, file: "g.yaml", maxDepth: maxDepth, nodeBudget: nodeBudget,
                                          keyNames: CatalogSchema.keyNames)
            return plain.compose() != nil
        }
    }

    @Test func generatedDocumentsComposeAsLibyamlComposesThem() {
        var taken = 0, declined = 0
        for seed in 0..<4000 {
            var generator = YAMLTextGenerator(seed: UInt64(seed))
            let text = generator.document()
            // Small limits now and then, so that documents past them come up.
            let depth = seed % 7 == 0 ? 3 : 64
            let budget = seed % 11 == 0 ? 12 : 200_000
            let libyaml = Self.outcome(text, plainPath: false, maxDepth: depth, nodeBudget: budget)
            let plain = Self.outcome(text, plainPath: true, maxDepth: depth, nodeBudget: budget)
            #expect(plain == libyaml, "seed \(seed):\n\(text)")
            if Self.plainPathTakes(text, maxDepth: depth, nodeBudget: budget) {
                taken += 1
                #expect(!libyaml.hasPrefix("error"), "the plain path took a document libyaml refuses, seed \(seed):\n\(text)")
            } else {
                declined += 1
            }
        }
        // Both paths are exercised: neither share is small.
        #expect(taken > 800, "plain path took \(taken)")
        #expect(declined > 800, "plain path declined \(declined)")
    }

    /// Documents each of which the plain path must leave to libyaml, with what libyaml makes of them.
    static let declined: [String] = [
        "", "# only a comment\n", "\n\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "--- \na: 1\n", "a: 1\n---\nb: 2\n",
        "%YAML 1.1\n---\na: 1\n", "a: 1\n...\n", "a: |\n  text\n", "a: >\n  text\n", "a: multi\n  line\n",
        "a: 'it''s'\n", "a: \"x\\ny\"\n", "a: 'two\n  lines'\n", "a: {b: 1,\n  c: 2}\n", "a: [x,\n  y]\n",
        "a:\n", "a:\nb: 1\n", "a: 1\n\tb: 2\n", "a:\t1\n", "a: 1\r\nb: 2\r\n", "a: b: c\n", "a: - b\n", "- a\n- b\n",
        "scalar\n", "  a: 1\n", "a: 1\n b: 2\n", "a:\n  b: 1\n c: 2\n", "a:\n    b: 1\n  c: 2\n", "'a': 1\n", "a b: 1\n",
        "a : 1\n", "? a\n: 1\n", "a: {b: [1]}\n", "a: [b, ]\n", "a: {b: }\n", "a: [b: c]\n", "a: @x\n", "a: `x\n",
        "a: %x\n", "a: x\u{85}y\n", "a: x\u{2028}y\n", "a: x\u{7}y\n", "a: \u{FEFF}x\n", "\u{FEFF}a: 1\n",
        "a: 1 # bell \u{7}\n", "a: 'x'y\n", "a: 'x'#c\n", "a: {b: c}d\n", "a:\n  -\n  - b\n", "a:\n  - - b\n",
        "a: [b, c] # comment\n  d\n", "a: {b: c # comment\n", "a: :x\n", "a: ?x\n", "a:#c\n  b: 1\n",
        "a: 1\nb:\n- x\n  - y\n", String(repeating: "k", count: 1100) + ": 1\n", "a: [b, {c: d}]\n", "a: {b:c}\n",
    ]

    @Test func oddDocumentsAreLeftToLibyamlAndComposeAsBefore() {
        for text in Self.declined {
            #expect(!Self.plainPathTakes(text), "the plain path took: \(text.debugDescription)")
            #expect(Self.outcome(text, plainPath: true) == Self.outcome(text, plainPath: false), "\(text.debugDescription)")
        }
    }

    /// Documents the plain path composes itself, each as libyaml does (locations included).
    static let taken: [String] = [
        "a: 1\n", "a: 1", "a: 1 # c\n", "a:   'x y'   # c\nb: \"q\"\n", "# head\n\na: 1\n\n  # indented comment\nb: 2\n",
        "a:\n  b: 1\n  c:\n    d: [x, 'y', \"z\"]\n", "list:\n- a\n- b\nnext: 1\n", "list:\n  - k: 1\n    l: 2\n  - k: 3\n",
        "a: {rule: at_least, value: 50}\n", "a: {}\nb: []\n", "a: x#y\n", "a: 08:30\n", "a: a, b ] } [ { ?\n",
        "name: Müsli · Früh\nnext: {k: é, l: 日本}\n", "a: 1\na: 2\n", "a: {k: 1, k: 2}\n", "m:\n  - a: 1\n    a: 2\n",
        "a: -5\nb: -x\nc: .inf\nd: ~\ne: null\n", "a: two  spaces   \n", "-a: 1\n".replacingOccurrences(of: "-a", with: "a"),
        "a: \u{1F600} x\nb: 1\n", "a: 'k: v'\n", "a: \"# not a comment\"\n",
    ]

    @Test func catalogShapedDocumentsTakeThePlainPathAndComposeAsLibyaml() {
        for text in Self.taken {
            #expect(Self.plainPathTakes(text), "the plain path declined: \(text.debugDescription)")
            #expect(Self.outcome(text, plainPath: true) == Self.outcome(text, plainPath: false), "\(text.debugDescription)")
        }
    }

    /// The files `bench/gen_catalog.py` writes (the benchmark of `vitals validate`) stay on the
    /// plain path: were they left to libyaml, the check would be as slow as before.
    @Test func theBenchmarkCatalogShapeTakesThePlainPath() {
        let metric = """
            metrics:
              - display_metric_id: S5_M1
                display_screen_id: SCREEN_S5
                display_name: Metric 1 of screen 5
                chart_type_id: line
                is_primary: false
                parent_metric_id: S5_M0
                order: 1
                series: series_6
                aggregate: sum
                bucket: day
                range: 30d
                unit: g
                target: {rule: at_least, value: 51}
                about_what: Grams per day of synthetic metric 1.
                about_why: Shows that validation cost grows linearly with the catalog.

            """
        let pillars = "pillars:\n  - pillar_id: core_care\n    name: Pillar 3\n    color: '#2E9E5B'\n    order: 4\n"
        let series = "series:\n  - series_id: series_0\n    kind: quantity\n    unit: g\n    min: 0\n    max: 1000\n"
            + "    healthkit: [HKQuantityTypeIdentifierDietaryProtein]\n"
        for text in [metric, pillars, series] {
            #expect(Self.plainPathTakes(text), "\(text)")
            #expect(Self.outcome(text, plainPath: true) == Self.outcome(text, plainPath: false))
        }
    }

    /// A bounded mutation loop (the fuzzing this reader of outside input gets on every test run):
    /// shipped catalog files and generated documents with one to four characters replaced,
    /// inserted or removed, or cut short, compose to the same tree, duplicates or error with the
    /// plain path as with libyaml alone, and never trap.
    @Test func mutatedDocumentsComposeAsLibyamlComposesThem() {
        var random = SplitMix(seed: 0x5941_4D4C)
        let alphabet: [Unicode.Scalar] = [":", " ", "\n", "-", "'", "\"", "#", "[", "]", "{", "}", ",", "\t", "&", "*", "!", "|",
                                          ">", "?", "%", "@", "`", "\r", "a", "1", ".", "\\", "é", "\u{0}", "\u{7}", "\u{85}",
                                          "\u{FEFF}", "\u{2028}", "🥦"]
        var sources = ShippedCatalog.files.map(\.text).filter { $0.unicodeScalars.count < 6000 }
        for seed in 0..<40 {
            var generator = YAMLTextGenerator(seed: 10_000 + UInt64(seed))
            sources.append(generator.document())
        }
        var taken = 0
        for round in 0..<1500 {
            var scalars = Array(sources[Int(random.next() % UInt64(sources.count))].unicodeScalars)
            for _ in 0...(random.next() % 4) {
                let at = scalars.isEmpty ? 0 : Int(random.next() % UInt64(scalars.count))
                let scalar = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 4 {
                case 0 where !scalars.isEmpty: scalars[at] = scalar
                case 1: scalars.insert(scalar, at: at)
                case 2 where !scalars.isEmpty: scalars.remove(at: at)
                default: scalars = Array(scalars[..<at])
                }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let plain = Self.outcome(text, plainPath: true)
            #expect(plain == Self.outcome(text, plainPath: false), "round \(round):\n\(text)")
            if Self.plainPathTakes(text) { taken += 1 }
        }
        // The plain path took a share of the mutants itself (about one in ten; the rest is libyaml's).
        #expect(taken > 100, "plain path took \(taken)")
    }

    /// A property of the shipped catalog: each of its files composes alike both ways.
    @Test func shippedCatalogFilesComposeAlikeBothWays() {
        for file in ShippedCatalog.files {
            #expect(Self.outcome(file.text, plainPath: true) == Self.outcome(file.text, plainPath: false), "\(file.path)")
        }
    }
}

/// Random YAML documents: mostly in the shape of catalog files (block mappings and sequences,
/// plain, quoted and flow scalars, comments), mixed with what YAML allows beyond that and with
/// mistakes (misindented lines, tabs, CR, control characters, document markers, junk lines).
struct YAMLTextGenerator {
    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed: seed) }

    static let keys = ["a", "b", "name", "display_metric_id", "display_screen_id", "value", "k_1", "X", "1", "null", "true",
                       "é", "'q'", "\"dq\"", "a b", "-x", "?", "<<", "&an k", "*an", "!t k", "? k", "a :"]
    static let scalars = ["plain", "two words", "3", "-5", "0.5", "'single'", "\"double\"", "'it''s'", "\"esc\\n\"",
                          "'#2E9E5B'", "#2E9E5B", "a#b", "a #b", "ü", "日本 語", "x: y", "x:y", "a,b", "[a, b]", "{a: 1}",
                          "{a: 1, b: [x]}", "[]", "{}", "", "~", "&an v", "*an", "!!str x", "|", ">", "a\tb", "- x", "-x",
                          ",x", "a ]", "{a: b c, d: 'e'}", "[a, 'b', \"c\"]", "[a,]", "{a: }", "@x", "`x", "%x",
                          "x\u{85}", "x\u{2028}y", "\u{7}", "08:30", "a  b", "-", ":x", "--- x", "{a: x, a: y}",
                          "[ a , b ]", "{ a: 1 }", "'a' b", "\"\"", "''", "'x' # c", "v # c", "{a: 'x', b: \"y\"}", "?x",
                          "x?", "a [b", "{a: b, c: d e}", "\u{FEFF}", "[a b, c]", "{a: [b, c]}"]
    static let junk = ["---", "...", "%YAML 1.1", "\t- x", "? a", ": b", "- ", "-", "#", "  # c", "x", "  y: 1",
                       "      deep: 1", "- z: 1", "k: &a 1", "j: *a", "a:\t1"]

    private mutating func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    /// A key: mostly plain words, now and then anything from `keys`.
    private mutating func key() -> String {
        chance(85) ? pick(["a", "b", "name", "display_metric_id", "value", "k_1", "order", "series"]) : pick(Self.keys)
    }

    private mutating func scalar() -> String {
        chance(60) ? pick(["plain", "two words", "3", "-5", "'q'", "\"d\"", "[x, y]", "{r: s, v: 1}", "Müsli", "a#b"])
            : pick(Self.scalars)
    }

    private var space: String { " " }

    /// The lines of a block mapping at `indent`.
    private mutating func mapping(indent: Int, depth: Int) -> [String] {
        var lines: [String] = []
        let count = 1 + Int(random.next() % 4)
        for _ in 0..<count {
            let head = String(repeating: " ", count: indent) + key() + ":"
            let kind = depth >= 4 ? 0 : random.next() % 6
            switch kind {
            case 3:
                lines.append(head + (chance(15) ? " # c" : ""))
                lines += mapping(indent: indent + 1 + Int(random.next() % 3), depth: depth + 1)
            case 4:
                lines.append(head)
                lines += sequence(indent: chance(30) ? indent : indent + 1 + Int(random.next() % 3), depth: depth + 1)
            default:
                let gap = String(repeating: " ", count: 1 + Int(random.next() % 2))
                lines.append(head + gap + scalar() + (chance(10) ? " # note" : "") + (chance(5) ? "  " : ""))
            }
        }
        return lines
    }

    /// The lines of a block sequence whose dashes are at `indent`.
    private mutating func sequence(indent: Int, depth: Int) -> [String] {
        var lines: [String] = []
        let count = 1 + Int(random.next() % 3)
        let dash = String(repeating: " ", count: indent) + "-" + String(repeating: " ", count: 1 + Int(random.next() % 2))
        for _ in 0..<count {
            if depth < 4, chance(60) {
                let inner = mapping(indent: dash.count, depth: depth + 1)
                lines.append(dash + inner[0].dropFirst(dash.count))
                lines += inner.dropFirst()
            } else {
                lines.append(dash + scalar())
            }
        }
        return lines
    }

    /// A whole document, sometimes with a mistake or an unusual construct put in.
    mutating func document() -> String {
        var lines = mapping(indent: 0, depth: 0)
        let changes = chance(45) ? 0 : 1 + Int(random.next() % 3)
        for _ in 0..<changes {
            let at = Int(random.next() % UInt64(lines.count))
            switch random.next() % 10 {
            case 0: lines.insert(chance(50) ? "" : String(repeating: " ", count: Int(random.next() % 6)), at: at)
            case 1: lines.insert(String(repeating: " ", count: Int(random.next() % 8)) + "# comment", at: at)
            case 2: lines[at] = (chance(50) ? " " : "") + (lines[at].hasPrefix(" ") && chance(50) ? String(lines[at].dropFirst()) : lines[at])
            case 3: lines.insert(pick(Self.junk), at: at)
            case 4: lines[at] = lines[at].replacingOccurrences(of: chance(50) ? " " : ":", with: pick(["\t", "\u{7}", ": :", "\r"]))
            case 5: lines[at] += pick(["\r", "\t", "  ", " #x", "#x", " \u{85}", ": x", " é"])
            case 6: lines.insert(lines[at], at: at)
            case 7: lines.insert(String(repeating: " ", count: Int(random.next() % 10)) + scalar(), at: at + 1)
            case 8: lines[at] = lines[at].replacingOccurrences(of: "- ", with: pick(["-", "- - ", "-  "]))
            default: lines[at] = lines[at].replacingOccurrences(of: "a", with: pick(["ä", "\u{301}", "日"]))
            }
        }
        return lines.joined(separator: "\n") + (chance(90) ? "\n" : "")
    }
}
