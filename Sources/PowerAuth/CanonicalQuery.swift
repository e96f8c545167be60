import Foundation

/// The canonical query string that replaces the body of a GET signature (spec §2.1).
public enum CanonicalQuery {
    /// Sorts decoded pairs by key then value (UTF-16 order, as the Java server) and form-encodes them.
    public static func string(from parameters: [(key: String, value: String)]) -> String {
        let sorted = parameters.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.utf16.lexicographicallyPrecedes(rhs.key.utf16) }
            return lhs.value.utf16.lexicographicallyPrecedes(rhs.value.utf16)
        }
        return sorted.map { formEncode($0.key) + "=" + formEncode($0.value) }.joined(separator: "&")
    }

    /// Decodes a raw query string (`a=1&b=x%20y`, `+` is a space) and canonicalizes it.
    public static func string(fromQuery query: String) throws(PowerAuthError) -> String {
        var pairs: [(key: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try formDecode(String(parts[0]))
            let value = parts.count > 1 ? try formDecode(String(parts[1])) : ""
            pairs.append((key, value))
        }
        return string(from: pairs)
    }

    /// `application/x-www-form-urlencoded` encoding: `A-Za-z0-9-_.*` kept, space → `+`, else `%XX`.
    static func formEncode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                out += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0x0F)
            }
        }
        return out
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }

    static func formDecode(_ text: String) throws(PowerAuthError) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw PowerAuthError(.payload, "the query string has a malformed %-escape")
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        guard let decoded = String(bytes: bytes, encoding: .utf8) else {
            throw PowerAuthError(.payload, "the query string does not decode to UTF-8")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
