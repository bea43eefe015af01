/// Whether the locale promises UTF-8 output (LC_ALL, then LC_CTYPE, then LANG).
public enum TerminalLocale {
    public static func isUTF8(_ environment: [String: String]) -> Bool {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                let lowered = value.lowercased()
                return lowered.contains("utf-8") || lowered.contains("utf8")
            }
        }
        return true   // no locale set at all: modern terminals are UTF-8
    }
}
