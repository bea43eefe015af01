import ArgumentParser
import VitalsKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vitals`, `vitals --help`, `vitals -h`, `vitals help` and `vitals --version` answered before
/// ArgumentParser builds its command tree (which reflects over every command's properties and
/// takes most of the time of such a run).
///
/// The text is ArgumentParser's own, generated into `TopLevelHelpText.swift` for the width
/// ArgumentParser uses when nothing says otherwise (80 columns); at any other width (the
/// `COLUMNS` variable, or a terminal of another size) ArgumentParser answers as before.
/// `TopLevelHelpTests` check that the text is what ArgumentParser prints now.
enum QuickHelp {
    /// The width `TopLevelHelpText` is wrapped to.
    static let width = 80

    /// Prints the answer and returns true when `arguments` (without the program name) ask
    /// only for the top-level help or the version and the help would be wrapped to `width`.
    /// The help is answered only for the command trees it was recorded from: the built-in
    /// commands (the quick start's `vitals`), or those plus `TopLevelHelpText.addedCommands`
    /// (the `vitals` built with every feature); any other tree is left to ArgumentParser.
    static func answer(_ arguments: [String], addedCommands: () -> [String] = { [] }) -> Bool {
        let text: String
        switch arguments {
        case [], ["--help"], ["-h"], ["help"]:
            guard terminalWidth() == width, let help = TopLevelHelpText.text(adding: addedCommands())
            else { return false }
            text = help
        case ["--version"]:
            text = VitalsKitVersion.string + "\n"
        default:
            return false
        }
        do { try StandardOutput.write(text) } catch let error as CommandError { StandardOutput.exit(reporting: error) } catch {}
        return true
    }

    /// The width ArgumentParser wraps help to: `COLUMNS` when it is a number, else the
    /// terminal's width when standard output is a terminal that reports one, else 80.
    static func terminalWidth(environment columns: String? = getenv("COLUMNS").map { String(cString: $0) }) -> Int {
        if let columns, let width = Int(columns) { return width }
        var size = winsize()
        #if canImport(Glibc)
        let result = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size)
        #else
        let result = ioctl(STDOUT_FILENO, TIOCGWINSZ, &size)
        #endif
        if result == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}

extension TopLevelHelpText {
    /// The help of the `vitals` that adds the commands `names` to the built-in ones; nil for a
    /// tree the text was not recorded from. Both texts are literals (assembling the longer one
    /// here cost `vitals --help` about 30 page faults of string code).
    static func text(adding names: [String]) -> String? {
        if names.isEmpty { return builtIn }
        return names == addedCommands ? withAddedCommands : nil
    }
}
