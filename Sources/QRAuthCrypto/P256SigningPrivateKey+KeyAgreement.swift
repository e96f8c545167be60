public import FoundationEssentials

extension NISTP256.Signing.PrivateKey {
    /// The ECDH shared secret with `publicKey`: the 32-byte big-endian X coordinate of d·Q.
    public func sharedSecretFromKeyAgreement(with publicKey: NISTP256.Signing.PublicKey) throws(CryptoError) -> Data {
        try P256KeyBuilder.builder.sharedSecret(key, with: publicKey.key)
    }
}
