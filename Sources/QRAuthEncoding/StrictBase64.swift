package import struct FoundationEssentials.Data

/// RFC 4648 Base64 that rejects what the Wultra SDKs reject: wrong length, bad padding, whitespace.
///
/// Foundation's decoder is not used because it differs between platforms (Linux accepts a surplus
/// `=` after a complete quantum). Non-zero trailing pad bits (`AB==`) are accepted by default,
/// as the SDKs accept them (spec §1.3).
package enum StrictBase64 {
    /// Why a text is not strict Base64.
    package enum Problem: Error, Equatable, Sendable {
        /// The length is not a multiple of 4 (standard alphabet) or is 1 mod 4 (base64url).
        case length(Int)
        /// A character outside the alphabet, at this offset (in UTF-8 bytes).
        case character(offset: Int)
        /// `=` somewhere other than the last one or two characters.
        case padding
        /// The unused bits of the last character are not zero (only when those are refused).
        case trailingBits
    }

    /// Decodes standard Base64 (`+`, `/`, `=` padding required), or nil when the text is not strict Base64.
    package static func decode(_ text: some StringProtocol, allowsNonZeroTrailingBits: Bool = true) -> Data? {
        try? decodeOrExplain(text, allowsNonZeroTrailingBits: allowsNonZeroTrailingBits).get()
    }

    /// Decodes base64url (RFC 4648 §5, `-` and `_`, padding optional as in RFC 7515), or nil.
    package static func decodeURL(_ text: some StringProtocol, allowsNonZeroTrailingBits: Bool = true) -> Data? {
        try? decodeOrExplain(text, url: true, allowsNonZeroTrailingBits: allowsNonZeroTrailingBits).get()
    }

    /// Decodes the only form every Wultra client agrees on (fingerprint lists, spec §8): non-empty,
    /// padded standard Base64 whose unused trailing bits are zero, so re-encoding gives the text back.
    package static func decodeCanonical(_ text: some StringProtocol) -> Data? {
        guard !text.isEmpty else { return nil }
        return decode(text, allowsNonZeroTrailingBits: false)
    }

    /// Encodes `data` as padded standard Base64.
    package static func encode(_ data: some Sequence<UInt8>) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let bytes = Array(data)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Encodes `data` as base64url without padding (RFC 7515 §2, the JWS form).
    package static func encodeURL(_ data: some Sequence<UInt8>) -> String {
        var text = encode(data)
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// Decodes, or says precisely why the text is not strict Base64.
    package static func decodeOrExplain(
        _ text: some StringProtocol, url: Bool = false, allowsNonZeroTrailingBits: Bool = true
    ) -> Result<Data, Problem> {
        var bytes = Array(text.utf8)
        // Report a stray character (space, line break, wrong alphabet) before any length problem.
        if let offset = bytes.firstIndex(where: { sextet($0, url: url) == nil && $0 != UInt8(ascii: "=") }) {
            return .failure(.character(offset: offset))
        }
        if url {
            // base64url: padding optional; when present it must complete the quantum.
            if bytes.count % 4 == 1 { return .failure(.length(bytes.count)) }
            if !bytes.contains(UInt8(ascii: "=")) {
                while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
            }
        }
        guard bytes.count % 4 == 0 else { return .failure(.length(bytes.count)) }
        var padding = 0
        if bytes.last == UInt8(ascii: "=") { padding += 1 }
        if bytes.count >= 2, bytes[bytes.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var values: [UInt8] = []
        values.reserveCapacity(bytes.count)
        for (offset, byte) in bytes.enumerated() {
            if offset >= bytes.count - padding {
                continue
            }
            guard let value = sextet(byte, url: url) else {
                if byte == UInt8(ascii: "=") { return .failure(.padding) }
                return .failure(.character(offset: offset))
            }
            values.append(value)
        }
        var out = Data()
        out.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 4 <= values.count {
            let (a, b, c, d) = (values[index], values[index + 1], values[index + 2], values[index + 3])
            out.append(a << 2 | b >> 4)
            out.append(b << 4 | c >> 2)
            out.append(c << 6 | d)
            index += 4
        }
        let rest = values.count - index
        if rest == 2 {
            let (a, b) = (values[index], values[index + 1])
            out.append(a << 2 | b >> 4)
            if !allowsNonZeroTrailingBits, b & 0x0F != 0 {
                return .failure(.trailingBits)
            }
        } else if rest == 3 {
            let (a, b, c) = (values[index], values[index + 1], values[index + 2])
            out.append(a << 2 | b >> 4)
            out.append(b << 4 | c >> 2)
            if !allowsNonZeroTrailingBits, c & 0x03 != 0 {
                return .failure(.trailingBits)
            }
        }
        return .success(out)
    }

    private static func sextet(_ byte: UInt8, url: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+") where !url: 62
        case UInt8(ascii: "/") where !url: 63
        case UInt8(ascii: "-") where url: 62
        case UInt8(ascii: "_") where url: 63
        default: nil
        }
    }
}
