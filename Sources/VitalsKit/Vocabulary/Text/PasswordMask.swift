import Foundation

/// Passwords hidden in any text that may quote a database URL or connection string, whatever
/// the form they take there:
///
/// - a URL's user information, `scheme://user:SECRET@host` (everything from the first colon to
///   the last `@`, so a password holding `/`, `?`, `#` or `@` is hidden whole);
/// - a `KEY=VALUE` pair whose key, %-decoded and in any case, holds "pass" (`password=`,
///   `PASSWORD=`, `pass%77ord=`, `sslpassword=`, `passfile=`), in a URL's query or a
///   `key=value` connection string: the value up to `&`, white space or a quote.
///
/// The text is otherwise left as it is; `****` stands for each hidden value.
public enum PasswordMask {
    public static let stars = "****"

    public static func masked(_ text: String) -> String {
        maskPairs(maskUserInfo(text))
    }

    /// Characters that end a URL quoted in a message.
    private static func endsToken(_ character: Character) -> Bool {
        character.isWhitespace || character == "'" || character == "\"" || character == "<" || character == ">"
            || character == "`"
    }

    private static func maskUserInfo(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let scheme = rest.range(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
            let tokenEnd = rest.firstIndex(where: endsToken) ?? rest.endIndex
            let token = rest[..<tokenEnd]
            if let at = token.lastIndex(of: "@"), let colon = token[..<at].firstIndex(of: ":") {
                result += token[...colon] + stars
                rest = rest[at...]
            }
        }
        return result + rest
    }

    private static func maskPairs(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        var keyStart = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "=" {
                let key = text[keyStart..<index]
                result += text[keyStart...index]
                index = text.index(after: index)
                if isSecretKey(key) {
                    let valueEnd = text[index...].firstIndex { $0 == "&" || endsToken($0) } ?? text.endIndex
                    if valueEnd > index { result += stars }
                    index = valueEnd
                }
                keyStart = index
            } else if character == "&" || character == "?" || character == ";" || endsToken(character) {
                index = text.index(after: index)
                result += text[keyStart..<index]
                keyStart = index
            } else {
                index = text.index(after: index)
            }
        }
        return result + text[keyStart...]
    }

    /// Whether a key names a secret: "pass" in it once %-decoded (an undecodable key counts).
    static func isSecretKey<S: StringProtocol>(_ key: S) -> Bool {
        let plain = key.replacingOccurrences(of: "+", with: " ")
        guard let decoded = plain.removingPercentEncoding else { return true }
        return decoded.lowercased().contains("pass")
    }
}
