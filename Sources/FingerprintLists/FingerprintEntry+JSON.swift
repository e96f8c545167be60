public import FoundationEssentials
import QRAuthCrypto
import QRAuthEncoding

extension FingerprintEntry {
    /// Which document an entry comes from; it decides which fields are required or refused.
    enum Source {
        /// A static list: `signature` required (DER), `depth` refused (it is not signed).
        case staticList
        /// A challenge-signed `/app/init` body: no per-entry signature is needed; `depth` allowed.
        case challengeResponse
        /// Fallback data bundled with an app: signatures are never checked (`""` is fine).
        case fallback
    }

    /// The largest `expires` accepted: 2^53, where doubles stop being exact on the clients.
    static let maximumExpires: Int64 = 1 << 53
    /// Above this an `expires` is milliseconds, not seconds (year 5138 in seconds).
    static let millisecondsThreshold: Int64 = 100_000_000_000

    /// Decodes entry `index` of `fingerprints`.
    static func decode(
        _ value: OrderedJSON, index: Int, source: Source
    ) throws(FingerprintListError) -> FingerprintEntry {
        // Locations are built only when an error needs them (this runs once per entry of big lists).
        func place(_ name: String? = nil) -> String {
            name.map { "fingerprints[\(index)] (\"\($0)\")" } ?? "fingerprints[\(index)]"
        }
        guard case .object = value else {
            throw FingerprintListError(.wrongType, "\(place()) is \(value.typeName), expected an object")
        }
        let name = try string(value, "name", place: place())
        let fingerprintText = try string(value, "fingerprint", place: place(name))
        let fingerprint = try parseFingerprint(fingerprintText, place: place(name))
        guard let expiresValue = value["expires"] else {
            throw FingerprintListError(.missingField, "\(place(name)) has no \"expires\"")
        }
        let expires = try parseExpires(expiresValue, place: "\(place(name)).expires")
        var signature: Data?
        switch source {
        case .staticList:
            guard value["signature"] != nil else {
                throw FingerprintListError(
                    .missingField, "\(place(name)) has no \"signature\"; a static list signs every entry")
            }
            signature = try parseSignature(try string(value, "signature", place: place(name)), place: place(name))
        case .challengeResponse, .fallback:
            if case .string(let text)? = value["signature"], let data = StrictBase64.decodeCanonical(text) {
                signature = data
            }
        }
        var depth: Int?
        if let depthValue = value["depth"] {
            guard source != .staticList else {
                throw FingerprintListError(
                    .forbiddenField,
                    "\(place(name)) carries \"depth\", which a static list must not: its signature does not cover it")
            }
            depth = try parseDepth(depthValue, place: place(name))
        }
        return FingerprintEntry(
            name: name, fingerprint: fingerprint, expires: expires, signature: signature, depth: depth)
    }

    private static func string(
        _ object: OrderedJSON, _ key: String, place: @autoclosure () -> String
    ) throws(FingerprintListError)
        -> String
    {
        guard let value = object[key] else { throw FingerprintListError(.missingField, "\(place()) has no \"\(key)\"") }
        guard case .string(let text) = value else {
            throw FingerprintListError(.wrongType, "\(place()).\(key) is \(value.typeName), expected a string")
        }
        return text
    }

    /// Integer Unix seconds, 0 < value < 2^53, not milliseconds.
    static func parseExpires(
        _ value: OrderedJSON, place: @autoclosure () -> String
    ) throws(FingerprintListError) -> Int64 {
        guard case .number(let text) = value else {
            throw FingerprintListError(.wrongType, "\(place()) is \(value.typeName), expected integer Unix seconds")
        }
        guard text.allSatisfy(\.isASCIIDigit) else {
            throw FingerprintListError(
                .invalidExpiry,
                "\(place()) is \(text), expected integer Unix seconds (iOS rounds fractions up, Android truncates)")
        }
        guard let seconds = Int64(text), seconds > 0, seconds < maximumExpires else {
            throw FingerprintListError(.invalidExpiry, "\(place()) is \(text), outside 1 ..< 2^53 seconds")
        }
        guard seconds < millisecondsThreshold else {
            throw FingerprintListError(
                .invalidExpiry,
                "\(place()) is \(text), which looks like milliseconds; expires is Unix seconds (\(seconds / 1000))")
        }
        return seconds
    }

    /// Canonical Base64 of exactly 32 bytes.
    static func parseFingerprint(_ text: String, place: @autoclosure () -> String) throws(FingerprintListError) -> Data
    {
        func hint() -> String { text.count == 64 && text.allSatisfy(\.isHexDigit) ? " (it looks like hex)" : "" }
        guard let data = StrictBase64.decodeCanonical(text) else {
            throw FingerprintListError(
                .invalidFingerprint,
                "\(place()).fingerprint is not canonical padded Base64\(hint()); expected Base64 of the 32-byte SHA-256"
            )
        }
        guard data.count == 32 else {
            throw FingerprintListError(
                .invalidFingerprint,
                "\(place()).fingerprint decodes to \(data.count) bytes\(hint()), expected the 32-byte SHA-256 of the DER certificate"
            )
        }
        return data
    }

    /// Canonical Base64 of a strict DER ECDSA signature; a raw `r||s` is named as such.
    static func parseSignature(_ text: String, place: @autoclosure () -> String) throws(FingerprintListError) -> Data {
        guard let data = StrictBase64.decodeCanonical(text) else {
            throw FingerprintListError(
                .invalidSignatureEncoding,
                "\(place()) signature is not canonical padded Base64; expected Base64 of a DER ECDSA signature")
        }
        return try checkDERSignature(data, place: "\(place()).signature")
    }

    /// Accepts only a DER `SEQUENCE{r, s}`; names the raw 64-byte form when it is given instead.
    static func checkDERSignature(_ data: Data, place: @autoclosure () -> String) throws(FingerprintListError) -> Data {
        do {
            _ = try NISTP256.Signing.ECDSASignature(derRepresentation: data)
            return data
        } catch {
            if data.count == 64 {
                throw FingerprintListError(
                    .invalidSignatureEncoding,
                    "\(place()) is a raw 64-byte r||s signature; expected a DER ECDSA signature "
                        + "(SEQUENCE of two INTEGERs, 70-72 bytes, Base64 starting MEQC/MEUC/MEYC)")
            }
            throw FingerprintListError(
                .invalidSignatureEncoding,
                "\(place()) (\(data.count) bytes) is not a DER ECDSA signature (SEQUENCE of two INTEGERs)")
        }
    }

    private static func parseDepth(
        _ value: OrderedJSON, place: @autoclosure () -> String
    ) throws(FingerprintListError) -> Int {
        guard case .number(let text) = value, text.allSatisfy(\.isASCIIDigit), let depth = Int(text), depth < 16
        else {
            throw FingerprintListError(.wrongType, "\(place()).depth must be an integer from 0 to 15")
        }
        return depth
    }
}

extension Character {
    /// `0`...`9` only.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension FingerprintEntry {
    /// Decodes a signature as a list or header carries it: canonical Base64 of a DER ECDSA
    /// signature. A raw 64-byte `r||s` is refused with a message that says DER was expected.
    public static func checkSignatureEncoding(_ base64: String) throws(FingerprintListError) -> Data {
        try parseSignature(base64, place: "the signature")
    }
}
