import VitalsKit

extension MetadataEntry {
    /// Two keys of `metadata` equal but for case (`meal`, `Meal`), the first pair found; nil
    /// when there is none. Linear in the number of entries, whatever they are.
    static func caseCollision(in metadata: [MetadataEntry]) -> (String, String)? {
        guard metadata.count > 1 else { return nil }
        if metadata.count > 8 { return caseCollisionHashed(metadata) }
        // Few keys: keys differing only in case have the same UTF-8 length, so only those
        // pairs are compared (no lowercased copies for the usual record with two unrelated keys).
        for first in 0..<metadata.count {
            for second in (first + 1)..<metadata.count
            where mayDifferOnlyInCase(metadata[first].key, metadata[second].key)
                && metadata[first].key != metadata[second].key
                && metadata[first].key.lowercased() == metadata[second].key.lowercased()
            {
                return (metadata[first].key, metadata[second].key)
            }
        }
        return nil
    }

    /// Many keys (up to `HealthExportLimits.metadataEntriesPerElement`): each key's lowercased
    /// form is looked up once. Comparing every pair was quadratic: 30,000 entries took minutes.
    private static func caseCollisionHashed(_ metadata: [MetadataEntry]) -> (String, String)? {
        var byLowercased: [String: String] = [:]
        for entry in metadata {
            let lowered = entry.key.lowercased()
            if let earlier = byLowercased[lowered] {
                if earlier != entry.key { return (earlier, entry.key) }
            } else {
                byLowercased[lowered] = entry.key
            }
        }
        return nil
    }

    /// False when two keys cannot be equal ignoring case: both ASCII and of different lengths.
    private static func mayDifferOnlyInCase(_ first: String, _ second: String) -> Bool {
        first.utf8.count == second.utf8.count || !isASCII(first) || !isASCII(second)
    }

    /// Whether every byte of `text` is ASCII, eight bytes at a time (this runs per record).
    private static func isASCII(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return true }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                    return false
                }
                index += 8
            }
            while index < bytes.count {
                if bytes[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }
}
