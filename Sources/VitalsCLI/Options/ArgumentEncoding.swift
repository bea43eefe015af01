#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Arguments that are not UTF-8. Swift decodes `argv` with repair, so a path given in another
/// encoding (`caf\xE9.yaml` in Latin-1) would become `caf\u{FFFD}.yaml`: a different file, found
/// or not, written or not, under a name the user never typed. Such an argument is refused
/// before anything parses, with the bytes shown.
enum ArgumentEncoding {
    /// The usage error for the first argument after the program name that is not UTF-8, nil
    /// when all are.
    static func refusal(_ argv: [[UInt8]]) -> CommandError? {
        for (index, bytes) in argv.enumerated().dropFirst() where String(validating: bytes, as: UTF8.self) == nil {
            return CommandError(
                "argument \(index) is not UTF-8 text: \(shown(bytes))",
                hints: ["vitals reads names and paths as UTF-8; rename the file or give it in UTF-8"], .usage)
        }
        return nil
    }

    /// The bytes, each printable ASCII one as itself and every other as `\xNN`.
    static func shown(_ bytes: [UInt8]) -> String {
        bytes.map { (0x20..<0x7F).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : "\\x" + hex($0) }.joined()
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// The process's raw `argv` when one of its arguments is not UTF-8 (checked in place, as C
    /// strings), else nothing to look at.
    static var processArguments: [[UInt8]] {
        let arguments = (0..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0] }
        guard arguments.contains(where: { String(validatingCString: $0) == nil }) else { return [] }
        return arguments.map { pointer in
            Array(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        }
    }
}
