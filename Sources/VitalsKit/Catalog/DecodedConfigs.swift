import Foundation

/// Screen configs as their modules decoded them, by screen and module (the module type's identity): filled when the
/// catalog is checked (`ScreenRegistry.configDiagnostics`), read when a screen is rendered.
public final class DecodedConfigs: @unchecked Sendable {
    private struct Key: Hashable {
        var screenID: String
        var module: ObjectIdentifier
    }

    /// A decoding: the config (nil when it could not be used) and its diagnostics.
    struct Entry {
        var config: (any Sendable)?
        var diagnostics: [Diagnostic]
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]

    public init() {}

    /// Whether no config has been decoded into it yet.
    var isEmpty: Bool { lock.withLock { entries.isEmpty } }

    /// The decoding of `screen`'s config by `module`, computed once.
    func entry(for screen: DisplayScreen, module: ObjectIdentifier, decode: () -> Entry) -> Entry {
        let key = Key(screenID: screen.id, module: module)
        if let known = lock.withLock({ entries[key] }) { return known }
        let entry = decode()
        lock.withLock { entries[key] = entry }
        return entry
    }
}
