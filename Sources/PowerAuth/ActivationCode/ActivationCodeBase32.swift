/// RFC 4648 Base32 (`A–Z2–7`) without padding, for the 12 bytes of an activation code.
enum ActivationCodeBase32 {
    /// The 32 symbols in value order.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// The value of one symbol, or nil.
    static func value(of symbol: UInt8) -> UInt8? {
        switch symbol {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): symbol - UInt8(ascii: "A")
        case UInt8(ascii: "2")...UInt8(ascii: "7"): symbol - UInt8(ascii: "2") + 26
        default: nil
        }
    }

    /// Encodes bytes, the last symbol padded with zero bits.
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1F)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)]) }
        return output
    }

    /// Decodes symbols already checked to be in the alphabet; trailing bits that do not fill a byte are dropped.
    static func decode(_ symbols: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for symbol in symbols {
            buffer = (buffer << 5) | UInt32(value(of: symbol) ?? 0)
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
