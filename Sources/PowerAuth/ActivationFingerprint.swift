package import FoundationEssentials
package import QRAuthCrypto

/// The 8-digit activation fingerprint users compare on both sides.
package enum ActivationFingerprint {
    /// Version 3: SHA-256 over device X || activation id || server X, decimalized to 8 digits.
    public static func v3(
        devicePublicKey: NISTP256.Signing.PublicKey, activationId: String, serverPublicKey: NISTP256.Signing.PublicKey
    ) -> String {
        var data = xCoordinate(devicePublicKey)
        data.append(contentsOf: Array(activationId.utf8))
        data.append(xCoordinate(serverPublicKey))
        return PowerAuthSignature.decimal(component: SHA256Hash.hash(data: data), length: 8)
    }

    /// Version 2: SHA-256 over the device key's X coordinate, decimalized to 8 digits.
    public static func v2(devicePublicKey: NISTP256.Signing.PublicKey) -> String {
        PowerAuthSignature.decimal(component: SHA256Hash.hash(data: xCoordinate(devicePublicKey)), length: 8)
    }

    /// Version 2 as older powerauth-crypto releases computed it: a short X coordinate (leading zero bytes) is
    /// left-aligned in 32 bytes, i.e. padded with zeros on the right (upstream `public-key-fingerprint.json`).
    public static func legacyV2(devicePublicKey: NISTP256.Signing.PublicKey) -> String {
        var x = xCoordinate(devicePublicKey)
        x.append(Data(count: 32 - x.count))
        return PowerAuthSignature.decimal(component: SHA256Hash.hash(data: x), length: 8)
    }

    /// The X coordinate as PowerAuth hashes it: unsigned big-endian without leading zero bytes (Java's
    /// `BigInteger` form), so usually 32 bytes and occasionally fewer.
    package static func xCoordinate(_ key: NISTP256.Signing.PublicKey) -> Data {
        Data(key.x963Representation.dropFirst().prefix(32).drop { $0 == 0 })
    }
}
