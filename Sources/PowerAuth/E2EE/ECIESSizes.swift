import FoundationEssentials

/// `SIZES(a, b, …) = BE32(len a) || a || BE32(len b) || b || …` (spec notation).
enum ECIESSizes {
    /// Joins the parts, each prefixed with its big-endian 32-bit length.
    static func join(_ parts: [Data]) -> Data {
        var output = Data()
        for part in parts {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: part.count).bigEndian) { output.append(contentsOf: $0) }
            output.append(part)
        }
        return output
    }

    /// `BE64(value)` of a signed millisecond timestamp.
    static func bigEndian64(_ value: Int64) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }
}
