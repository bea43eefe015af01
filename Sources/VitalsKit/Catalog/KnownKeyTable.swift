/// `CatalogSchema.knownKeys.index` without hashing the name with `Hasher`: an open-addressing
/// table by an FNV-1a hash of the name's bytes. `KeyLocations` looks up every key of every
/// entry (330,000 in a catalog of 20,000 metrics); through the dictionary each look-up took
/// about 500 instructions.
///
/// Only ASCII names are looked up here (they are equal exactly when their bytes are, and every
/// known key is ASCII); any other name is looked up in the dictionary, which compares by
/// canonical equivalence, so the answers are the dictionary's.
struct KnownKeyTable: Sendable {
    private let names: [String]
    private let dictionary: [String: UInt16]
    /// The code of the name in each slot, -1 for an empty slot.
    private let slots: [Int32]
    private let mask: Int

    init(names: [String], index: [String: UInt16]) {
        self.names = names
        dictionary = index
        var size = 16
        while size < names.count * 4 { size *= 2 }
        mask = size - 1
        var slots = [Int32](repeating: -1, count: size)
        for (code, name) in names.enumerated() {
            var slot = Int(Self.hash(name.utf8).value) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(code)
        }
        self.slots = slots
    }

    /// The code of `name`, as `index[name]`.
    func code(of name: String) -> UInt16? {
        let (hash, isASCII) = Self.hash(name.utf8)
        guard isASCII else { return dictionary[name] }
        var slot = Int(hash) & mask
        while true {
            let code = slots[slot]
            if code < 0 { return nil }
            if names[Int(code)] == name { return UInt16(code) }
            slot = (slot + 1) & mask
        }
    }

    private static func hash(_ bytes: String.UTF8View) -> (value: UInt32, isASCII: Bool) {
        var hash: UInt32 = 2_166_136_261
        var high: UInt8 = 0
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
            high |= byte
        }
        return (hash, high < 0x80)
    }
}
