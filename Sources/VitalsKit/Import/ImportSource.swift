/// A file as an importer sees it before reading it: enough of its content to tell its kind
/// (`Importer.recognises`), gathered once for every importer of the run.
///
/// `vitals import` fills it (`ImportSource.peek` in VitalsImport): the first bytes of a file,
/// the entry names of a zip, the tables of a SQLite file, the names in a folder. The extension
/// of a name is never what decides.
public struct ImportSource: Sendable, Hashable {
    /// The path as given (`-` for standard input).
    public var path: String
    /// The last component of the path (`export.zip`).
    public var fileName: String
    public var isDirectory: Bool
    /// The first bytes of the file (at most `ImportSource.headLength`); empty for a folder.
    public var head: [UInt8]
    /// The entry names of a zip, in its order; empty when the file is not a zip.
    public var zipEntries: [String]
    /// The tables of a SQLite file; empty when it is not one.
    public var sqliteTables: [String]
    /// The names in a folder; empty when it is a file.
    public var folderEntries: [String]

    /// How many bytes `head` holds at most.
    public static let headLength = 4096

    public init(
        path: String, fileName: String? = nil, isDirectory: Bool = false, head: [UInt8] = [],
        zipEntries: [String] = [], sqliteTables: [String] = [], folderEntries: [String] = []
    ) {
        self.path = path
        self.fileName = fileName ?? String(path.split(separator: "/").last ?? Substring(path))
        self.isDirectory = isDirectory
        self.head = head
        self.zipEntries = zipEntries
        self.sqliteTables = sqliteTables
        self.folderEntries = folderEntries
    }

    /// Whether the file starts as a zip does (`PK\3\4`, or `PK\5\6` for an empty one).
    public var isZip: Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B
            && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6)
    }

    /// Whether the file starts as a SQLite database does.
    public var isSQLite: Bool { head.starts(with: Array("SQLite format 3\0".utf8)) }

    /// The head as text (a UTF-8 byte order mark left out), for text formats.
    public var headText: String {
        let bytes = head.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(head.dropFirst(3)) : head
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first line of the head, without its line break.
    public var firstLine: String {
        String(headText.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    }

    /// Whether the zip holds an entry whose last path component is `name`.
    public func zipHolds(_ name: String) -> Bool {
        zipEntries.contains { $0 == name || $0.hasSuffix("/" + name) }
    }
}
