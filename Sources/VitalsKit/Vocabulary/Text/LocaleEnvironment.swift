import Foundation

/// Reads the POSIX locale variables the way the C library does.
public enum LocaleEnvironment {
    /// The effective locale for `category` (`LC_CTYPE`, `LC_NUMERIC`): `LC_ALL`, else the
    /// category, else `LANG`, else `C`.
    public static func locale(_ category: String, in environment: [String: String]) -> String {
        for name in ["LC_ALL", category, "LANG"] {
            if let value = environment[name], !value.isEmpty { return value }
        }
        return "C"
    }

    /// Whether the character set of the locale is UTF-8 (`en_US.UTF-8`, `C.utf8`).
    public static func isUTF8(_ environment: [String: String]) -> Bool {
        let normalized = locale("LC_CTYPE", in: environment).lowercased()
            .filter { $0 != "-" }
        return normalized.contains("utf8")
    }
}
