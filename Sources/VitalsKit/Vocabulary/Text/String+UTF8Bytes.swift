extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place when the string stores them
    /// contiguously (native strings always do), otherwise from a contiguous copy.
    ///
    /// Unlike `withUTF8`, which is `mutating`, this needs no `var` copy of the string: on paths
    /// that run per imported record, that copy is a retain and a release, and on strings shared
    /// between the reading and the writing thread those reference counts bounce between cores.
    @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
