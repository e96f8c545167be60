/// Reads whitespace-separated decimal tokens and `#` comments from a Netpbm file.
struct NetpbmScanner {
    let bytes: [UInt8]
    var offset: Int
    /// The name error messages use (`PBM`, `PGM/PPM`).
    var format = "PGM/PPM"

    /// Skips whitespace and comments, then reads one non-negative decimal number.
    mutating func number(field: String) throws(ImagingError) -> Int {
        while offset < bytes.count {
            if NetpbmHeader.isWhitespace(bytes[offset]) {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D { offset += 1 }
            } else {
                break
            }
        }
        var value = 0
        var digits = 0
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            digits += 1
            offset += 1
            guard value <= 1 << 40 else {
                throw ImagingError(.corrupt, "corrupt \(format): the \(field) is absurdly large")
            }
        }
        guard digits > 0 else {
            throw ImagingError(.corrupt, "corrupt \(format): expected a number for the \(field) at byte \(offset)")
        }
        return value
    }
}
