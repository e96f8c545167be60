/// Percent-encoding (RFC 3986 §2.1) in the three forms the package speaks: RFC 3986 query strings,
/// `application/x-www-form-urlencoded` bodies, and the Java `URLEncoder` form the PowerAuth server
/// canonicalizes GET queries with.
package enum PercentEncoding {
    /// Which bytes are written as themselves; every other byte becomes `%XX` (upper-case hex).
    package enum Unreserved: Sendable {
        /// RFC 3986 unreserved: `A-Z a-z 0-9 - . _ ~`.
        case rfc3986
        /// Java `URLEncoder`: `A-Z a-z 0-9 - _ . *`.
        case javaURLEncoder
    }

    /// Why a text does not percent-decode.
    package enum Problem: Error, Equatable, Sendable {
        /// A `%` not followed by two hex digits.
        case malformedEscape
        /// The decoded bytes are not UTF-8.
        case notUTF8
    }

    /// Encodes every byte outside `unreserved`; with `spaceAsPlus`, a space becomes `+` (form encoding).
    package static func encode(_ text: String, unreserved: Unreserved = .rfc3986, spaceAsPlus: Bool = false) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte, unreserved) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: " "), spaceAsPlus {
                output.append("+")
            } else {
                output.append("%")
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return output
    }

    /// `name=value&name=value`, each side encoded as `encode` does.
    package static func encodePairs(
        _ pairs: [(name: String, value: String)], unreserved: Unreserved = .rfc3986, spaceAsPlus: Bool = false
    ) -> String {
        pairs.map {
            encode($0.name, unreserved: unreserved, spaceAsPlus: spaceAsPlus) + "="
                + encode($0.value, unreserved: unreserved, spaceAsPlus: spaceAsPlus)
        }.joined(separator: "&")
    }

    /// Decodes strictly, as Foundation's `removingPercentEncoding` does: `%XX` becomes the byte, a malformed
    /// escape or a result that is not UTF-8 fails; `+` stays `+` unless `plusAsSpace` (form decoding).
    package static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> Result<String, Problem> {
        let plus = UInt8(ascii: "+")
        guard text.utf8.contains(UInt8(ascii: "%")) || (plusAsSpace && text.utf8.contains(plus)) else {
            return .success(String(text))
        }
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(plusAsSpace && byte == plus ? UInt8(ascii: " ") : byte)
                continue
            }
            guard input.count >= 2, let high = hexValue(input[input.startIndex]),
                let low = hexValue(input[input.startIndex + 1])
            else { return .failure(.malformedEscape) }
            bytes.append(high << 4 | low)
            input = input.dropFirst(2)
        }
        guard let decoded = String(strictUTF8: bytes) else { return .failure(.notUTF8) }
        return .success(decoded)
    }

    /// Decodes `name=value&...` pairs leniently (for log redaction only): `+` is a space, bad escapes stay,
    /// bytes that are not UTF-8 become U+FFFD.
    package static func decodePairsLeniently(_ text: Substring) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeLeniently(parts[0])
            let value = parts.count > 1 ? decodeLeniently(parts[1]) : ""
            return (name, value)
        }
    }

    private static func decodeLeniently(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "%"), input.count >= 2, let high = hexValue(input[input.startIndex]),
                let low = hexValue(input[input.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                input = input.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8, _ set: Unreserved) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        case UInt8(ascii: "~"): set == .rfc3986
        case UInt8(ascii: "*"): set == .javaURLEncoder
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits: [Character] = Array("0123456789ABCDEF")
}
