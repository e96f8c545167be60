extension FingerprintEntry {
    /// The standard Base64 alphabet.
    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends `signedBytes` (`name&base64(fingerprint)&expires`) to `buffer`, without building a String or
    /// Data: list verification reuses one buffer for every entry of a chunk.
    func appendSignedBytes(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: name.utf8)
        buffer.append(UInt8(ascii: "&"))
        Self.appendBase64(of: fingerprint, to: &buffer)
        buffer.append(UInt8(ascii: "&"))
        Self.appendDecimal(expires, to: &buffer)
    }

    /// Standard padded Base64 (what `Data.base64EncodedString()` gives).
    static func appendBase64(of bytes: some Collection<UInt8>, to buffer: inout [UInt8]) {
        let alphabet = base64Alphabet
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = second == nil ? nil : iterator.next()
            let word = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            buffer.append(alphabet[Int(word >> 18 & 0x3F)])
            buffer.append(alphabet[Int(word >> 12 & 0x3F)])
            buffer.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(word >> 6 & 0x3F)])
            buffer.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(word & 0x3F)])
        }
    }

    /// The decimal digits of `value` with a leading `-` when negative (what `String(value)` gives).
    static func appendDecimal(_ value: Int64, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = buffer.count
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        buffer[start...].reverse()
    }
}
