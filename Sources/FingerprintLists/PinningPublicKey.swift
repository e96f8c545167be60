public import FoundationEssentials
public import QRAuthCrypto
import QRAuthEncoding

/// The public key apps are configured with: Base64 of the 65-byte uncompressed P-256 point
/// `04||X||Y` (always starts with `B`). SPKI/PEM keys and compressed points are refused, as the
/// iOS and Android clients refuse them.
public struct PinningPublicKey: Sendable, Equatable {
    /// The key.
    public let key: NISTP256.Signing.PublicKey

    /// Wraps a key.
    public init(_ key: NISTP256.Signing.PublicKey) {
        self.key = key
    }

    /// Parses the Base64 the tool's `export` prints.
    public init(base64: String) throws(FingerprintListError) {
        let text = base64.trimmingWhitespaceAndNewlines()
        if text.hasPrefix("-----BEGIN") {
            throw FingerprintListError(
                .invalidPublicKey,
                "the public key is PEM; expected Base64 of the 65-byte uncompressed point (run `qrauth pins public-key`)"
            )
        }
        guard let data = StrictBase64.decodeCanonical(text) else {
            throw FingerprintListError(
                .invalidPublicKey,
                "the public key is not canonical padded Base64; expected Base64 of the 65-byte point 04||X||Y")
        }
        try self.init(x963: data)
    }

    /// Checks the raw 65-byte point.
    public init(x963 data: Data) throws(FingerprintListError) {
        if data.count == 91, data.starts(with: Self.spkiPrefix) {
            throw FingerprintListError(
                .invalidPublicKey,
                "the public key is an SPKI (SubjectPublicKeyInfo, 91 bytes, Base64 starting MFkw); the clients expect "
                    + "only the 65-byte uncompressed point: its last 65 bytes")
        }
        guard data.count == 65, data.first == 0x04 else {
            throw FingerprintListError(
                .invalidPublicKey,
                "the public key is \(data.count) bytes starting 0x\((data.first ?? 0).hexDigits(width: 2)); "
                    + "expected the 65-byte uncompressed P-256 point starting 0x04")
        }
        do {
            key = try NISTP256.Signing.PublicKey(x963Representation: data)
        } catch {
            throw FingerprintListError(.invalidPublicKey, "the public key is not a point on P-256")
        }
    }

    /// Base64 of the 65-byte point, as the tool's `export` prints it.
    public var base64: String { key.x963Representation.base64EncodedString() }

    /// The fixed DER prefix of a P-256 SubjectPublicKeyInfo before the 65-byte point.
    static let spkiPrefix = Data([
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48,
        0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
    ])

    /// Whether `signature` (DER bytes) is a valid ECDSA-SHA256 signature of `message`.
    public func isValidSignature(_ signature: Data, for message: some DataProtocol) -> Bool {
        guard let parsed = try? NISTP256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
        return key.isValidSignature(parsed, for: message)
    }
}
