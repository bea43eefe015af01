/// The pieces of SQL that differ between backends, as each backend spells them. Shared code
/// asks for the piece instead of asking which backend it runs on.
public struct SQLDialect: Sendable, Equatable {
    /// The dialect's name, for messages and tests; code asks for the pieces below instead.
    public var name: String

    /// The operator that compares two values treating NULLs as equal (`IS` on SQLite,
    /// `IS NOT DISTINCT FROM` in standard SQL).
    public var nullSafeEquals: String

    /// An expression reading the text field `key` of the JSON object in `column`, NULL when the
    /// column is not valid JSON or has no such field.
    public var jsonTextField: @Sendable (_ column: String, _ key: String) -> String

    /// A condition on `sample` true for the rows this login wrote, where several logins write
    /// one database (a server); nil where every row is the one user's (a file).
    public var loggedByThisLogin: String?

    public init(
        name: String, nullSafeEquals: String, jsonTextField: @escaping @Sendable (String, String) -> String,
        loggedByThisLogin: String? = nil
    ) {
        self.name = name
        self.nullSafeEquals = nullSafeEquals
        self.jsonTextField = jsonTextField
        self.loggedByThisLogin = loggedByThisLogin
    }

    /// SQLite's.
    public static let sqlite = SQLDialect(
        name: "SQLite", nullSafeEquals: "IS",
        jsonTextField: { column, key in "CASE WHEN json_valid(\(column)) THEN json_extract(\(column), '$.\(key)') END" }
    )
}

extension SQLDialect {
    public static func == (a: SQLDialect, b: SQLDialect) -> Bool { a.name == b.name }
}
