/// Strict DER for ECDSA-Sig-Value `SEQUENCE { r INTEGER, s INTEGER }` on P-256.
enum ECDSASignatureDER {
    /// Largest INTEGER content for a P-256 scalar: 32 bytes plus a leading zero.
    private static let maximumIntegerLength = 33

    /// The unsigned big-endian r and s, or nil when `der` is not strict, minimal DER.
    static func parse(_ der: [UInt8]) -> (r: ArraySlice<UInt8>, s: ArraySlice<UInt8>)? {
        guard let ((rStart, rEnd), (sStart, sEnd)) = der.withUnsafeBufferPointer({ scan($0) }) else { return nil }
        return (der[rStart..<rEnd], der[sStart..<sEnd])
    }

    /// Whether `der` is strict, minimal DER, checked in place (no copy).
    static func isStrict(_ der: UnsafeBufferPointer<UInt8>) -> Bool {
        scan(der) != nil
    }

    /// The offset ranges of r's and s's magnitudes (without a sign byte), or nil when not strict DER.
    private static func scan(_ der: UnsafeBufferPointer<UInt8>) -> ((Int, Int), (Int, Int))? {
        // Content is at most 2 × (2 + 33) = 70 bytes, so a valid length is always in short form.
        guard der.count >= 8, der[0] == 0x30, Int(der[1]) == der.count - 2 else { return nil }
        var index = 2
        guard let r = integer(der, &index), let s = integer(der, &index), index == der.count else { return nil }
        return (r, s)
    }

    /// Reads one INTEGER at `index` and returns the offset range of its magnitude (without a sign byte).
    private static func integer(_ der: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> (Int, Int)? {
        guard index + 2 <= der.count, der[index] == 0x02 else { return nil }
        let length = Int(der[index + 1])
        let start = index + 2
        guard length >= 1, length <= maximumIntegerLength, start + length <= der.count else { return nil }
        let first = der[start]
        guard first & 0x80 == 0 else { return nil }  // negative
        if length > 1, first == 0, der[start + 1] & 0x80 == 0 { return nil }  // not minimal
        if length == maximumIntegerLength, first != 0 { return nil }  // wider than 256 bits
        index = start + length
        return (first == 0 && length > 1 ? start + 1 : start, start + length)
    }

    /// The strict DER of unsigned big-endian r and s (each at most 32 significant bytes).
    static func encode(r: some Collection<UInt8>, s: some Collection<UInt8>) -> [UInt8] {
        let body = integerEncoding(r) + integerEncoding(s)
        return [0x30, UInt8(body.count)] + body
    }

    private static func integerEncoding(_ magnitude: some Collection<UInt8>) -> [UInt8] {
        var content = Array(magnitude.drop { $0 == 0 })
        if content.isEmpty || content[0] & 0x80 != 0 { content.insert(0, at: 0) }
        return [0x02, UInt8(content.count)] + content
    }

    /// The 32-byte left-padded form of an unsigned magnitude of at most 32 significant bytes.
    static func padded(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
        let significant = magnitude.drop { $0 == 0 }
        return [UInt8](repeating: 0, count: 32 - significant.count) + significant
    }
}
