package import FoundationEssentials
package import QRAuthCrypto

/// ECDSA-P256-SHA256 over server-signed data: verification never throws, "no" is `false`.
package enum ServerSignedData {
    /// Whether `signature` (DER) signs `data` under `publicKey`; malformed signatures are simply invalid.
    public static func isValid(
        signatureDER: some DataProtocol, for data: some DataProtocol, publicKey: NISTP256.Signing.PublicKey
    )
        -> Bool
    {
        guard let signature = try? NISTP256.Signing.ECDSASignature(derRepresentation: signatureDER) else {
            return false
        }
        return publicKey.isValidSignature(signature, for: data)
    }

    /// Signs `data` and returns the DER signature.
    public static func sign(
        _ data: some DataProtocol, with privateKey: NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError)
        -> Data
    {
        do {
            return try privateKey.signature(for: data).derRepresentation
        } catch {
            throw PowerAuthError(.crypto, "ECDSA signing failed: \(error.reason)")
        }
    }

    /// Decodes a P-256 public key given as Base64 of an uncompressed or compressed point.
    public static func publicKey(
        base64: String, field: String = "the public key"
    ) throws(PowerAuthError)
        -> NISTP256.Signing.PublicKey
    {
        try PublicKeyDecoding.publicKey(Base64Field.decode(base64, field: field), field: field)
    }

    /// Decodes a P-256 private key given as Base64 of a raw 32-byte scalar or Java `BigInteger` bytes.
    public static func privateKey(
        base64: String, field: String = "the private key"
    ) throws(PowerAuthError)
        -> NISTP256.Signing.PrivateKey
    {
        try PublicKeyDecoding.privateKey(Base64Field.decode(base64, field: field), field: field)
    }
}
