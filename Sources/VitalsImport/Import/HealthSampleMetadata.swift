import VitalsKit

/// The JSON object stored in a sample's `metadata` column for an imported HealthKit element.
///
/// Written by hand into a byte buffer (no `JSONSerialization`) because it runs once per record.
/// Keys keep their case, so `meal` and `Meal` stay two keys.
struct HealthSampleMetadata {
    private var bytes: [UInt8] = [0x7B]

    init() {}

    /// An empty object written into `storage`'s buffer (taken; `finish` hands it back), so
    /// that an object per record allocates nothing once the buffer has grown.
    init(reusing storage: inout [UInt8]) {
        swap(&bytes, &storage)
        bytes.removeAll(keepingCapacity: true)
        bytes.append(0x7B)
    }

    /// Appends the object to `text` and returns where it is there (nil, appending nothing, when
    /// nothing was added); the buffer goes back to `storage`.
    mutating func finish(into text: inout [UInt8], returning storage: inout [UInt8]) -> Range<Int>? {
        defer { swap(&bytes, &storage) }
        guard bytes.count > 1 else { return nil }
        let start = text.count
        text.append(contentsOf: bytes)
        text.append(0x7D)
        return start..<text.count
    }

    /// Adds `"key": "value"`; nil values are left out.
    mutating func add(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        addKey(key)
        JSONBytes.quote(value, into: &bytes)
    }

    /// Adds `"key": "value"` with a key from the data.
    mutating func add(dynamicKey key: String, _ value: String) {
        separator()
        JSONBytes.quote(key, into: &bytes)
        bytes.append(0x3A)
        JSONBytes.quote(value, into: &bytes)
    }

    /// Adds `"key": number`.
    mutating func add(_ key: StaticString, _ value: Double?) {
        guard let value, value.isFinite else { return }
        addKey(key)
        bytes.append(contentsOf: HealthValue.number(value).description.utf8)
    }

    /// Adds `"key": integer`, written straight into the buffer (this runs per record).
    mutating func add(_ key: StaticString, integer value: Int64) {
        addKey(key)
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Adds `"key": {…}` from entries in order (a repeated exact key keeps its last value).
    mutating func add(_ key: StaticString, entries: [MetadataEntry]) {
        guard !entries.isEmpty else { return }
        addKey(key)
        bytes.append(0x7B)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(0x2C) }
            JSONBytes.quote(entry.key, into: &bytes)
            bytes.append(0x3A)
            JSONBytes.quote(entry.value, into: &bytes)
        }
        bytes.append(0x7D)
    }

    /// Adds `"key": raw` where raw is already JSON.
    mutating func addRaw(_ key: StaticString, _ raw: String) {
        addKey(key)
        bytes.append(contentsOf: raw.utf8)
    }

    var json: String {
        var closed = bytes
        closed.append(0x7D)
        return String(decoding: closed, as: UTF8.self)
    }

    private mutating func addKey(_ key: StaticString) {
        separator()
        bytes.append(0x22)
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(contentsOf: [0x22, 0x3A])
    }

    private mutating func separator() { if bytes.count > 1 { bytes.append(0x2C) } }
}
