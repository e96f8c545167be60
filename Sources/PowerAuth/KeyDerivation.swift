package import FoundationEssentials
package import QRAuthCrypto

/// The PowerAuth key schedule: master secret, KDF by index, KDF_INTERNAL.
package enum KeyDerivation {
    /// `KEY_MASTER_SECRET = fold(ECDH(privateKey, publicKey))`: 16 bytes, the same on both sides.
    public static func masterSecret(
        privateKey: NISTP256.Signing.PrivateKey, publicKey: NISTP256.Signing.PublicKey
    ) throws(PowerAuthError) -> Data {
        let shared: Data
        do {
            shared = try privateKey.sharedSecretFromKeyAgreement(with: publicKey)
        } catch {
            throw PowerAuthError(.crypto, "ECDH failed: \(error.reason)")
        }
        return fold(shared)
    }

    /// `KDF(key, index) = AES-128_key(0x00×8 || BE64(index))` for a 16-byte key.
    public static func derive(_ key: some DataProtocol, index: UInt64) throws(PowerAuthError) -> Data {
        guard key.count == 16 else { throw PowerAuthError(.length, "a KDF key must be 16 bytes, not \(key.count)") }
        do {
            return try AES128.encryptBlock(indexBlock(index), key: key)
        } catch {
            throw PowerAuthError(.crypto, "AES failed: \(error.reason)")
        }
    }

    /// `KDF_INTERNAL(key, index) = fold(HMAC-SHA256(key: key, message: index))`.
    public static func deriveInternal(_ key: some DataProtocol, index: some DataProtocol) -> Data {
        fold(HMACSHA256.authenticationCode(for: index, using: key))
    }

    /// The 16-byte KDF input block: eight zero bytes, then the index big-endian.
    package static func indexBlock(_ index: UInt64) -> Data {
        var block = Data(count: 8)
        withUnsafeBytes(of: index.bigEndian) { block.append(contentsOf: $0) }
        return block
    }

    /// XORs the two halves of a 32-byte value into 16 bytes (`convert32Bto16B`).
    package static func fold(_ value: some DataProtocol) -> Data {
        let bytes = Array(value)
        let half = bytes.count / 2
        return Data((0..<half).map { bytes[$0] ^ bytes[$0 + half] })
    }
}
