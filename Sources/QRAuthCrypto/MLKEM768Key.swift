internal import Crypto
package import FoundationEssentials

/// An ML-KEM-768 (FIPS 203) decapsulation key, from swift-crypto (no post-quantum code of our own).
package struct MLKEM768Key: Sendable, CustomStringConvertible, PostQuantumPublicKeyEncoding {
    /// Bytes of the seed `d || z`.
    package static let seedSize = 64
    /// Bytes of a raw encapsulation key.
    package static let publicKeySize = 1184
    /// Bytes of a ciphertext.
    package static let ciphertextSize = 1088
    /// The DER of `AlgorithmIdentifier { id-alg-ml-kem-768 }` (OID 2.16.840.1.101.3.4.4.2, no parameters).
    static let algorithmIdentifier: [UInt8] = [
        0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x02,
    ]

    private let key: MLKEM768.PrivateKey

    /// A fresh random key.
    package init() throws(CryptoError) {
        do {
            key = try MLKEM768.PrivateKey.generate()
        } catch {
            throw CryptoError(.openSSLFailure, "ML-KEM-768 key generation failed")
        }
    }

    /// Takes the 64-byte seed `d || z`.
    package init(seed: some DataProtocol) throws(CryptoError) {
        guard seed.count == Self.seedSize else {
            throw CryptoError(.invalidLength, "an ML-KEM-768 seed is \(seed.count) bytes, expected 64")
        }
        do {
            key = try MLKEM768.PrivateKey(seedRepresentation: seed, publicKey: nil)
        } catch {
            throw CryptoError(.invalidPrivateKey, "the ML-KEM-768 seed is not accepted")
        }
    }

    /// Takes a PKCS#8 `PrivateKeyInfo` whose key is the 64-byte seed: either the bare `OCTET STRING (64)` of
    /// the early drafts (as in upstream's vectors) or the IETF LAMPS `seed [0] IMPLICIT OCTET STRING (64)` choice.
    /// The expanded 2400-byte form is not accepted (swift-crypto imports seeds only).
    package init(pkcs8DERRepresentation der: some DataProtocol) throws(CryptoError) {
        let bytes = [UInt8](der)
        let head: [UInt8] = [0x02, 0x01, 0x00] + Self.algorithmIdentifier
        let forms: [[UInt8]] = [
            [0x30, 0x52] + head + [0x04, 0x40],
            [0x30, 0x54] + head + [0x04, 0x42, 0x80, 0x40],
        ]
        guard let form = forms.first(where: { bytes.count == $0.count + Self.seedSize && bytes.starts(with: $0) })
        else {
            throw CryptoError(
                .malformedDER, "the ML-KEM-768 private key (\(bytes.count) bytes) is not a seed-form PKCS#8")
        }
        try self.init(seed: bytes[form.count...])
    }

    /// The 64-byte seed.
    package var seed: Data { key.seedRepresentation }

    /// The 1184-byte raw encapsulation key.
    package var publicKeyRawRepresentation: Data { key.publicKey.rawRepresentation }

    /// The encapsulation key as `SubjectPublicKeyInfo` DER (1206 bytes, Base64 starts `MIIEsjAL`).
    package var publicKeySPKI: Data { Self.spki(rawPublicKey: publicKeyRawRepresentation) }

    /// The 32-byte shared secret of a 1088-byte ciphertext (implicit rejection: a wrong ciphertext gives a
    /// pseudo-random secret, not an error).
    package func decapsulate(_ ciphertext: some DataProtocol) throws(CryptoError) -> Data {
        guard ciphertext.count == Self.ciphertextSize else {
            throw CryptoError(.invalidLength, "an ML-KEM-768 ciphertext is \(ciphertext.count) bytes, expected 1088")
        }
        do {
            return try key.decapsulate(ciphertext).withUnsafeBytes { Data($0) }
        } catch {
            throw CryptoError(.decryptionFailed, "ML-KEM-768 decapsulation failed")
        }
    }

    /// Encapsulates to a raw (1184-byte) or SPKI encapsulation key: the 1088-byte ciphertext and 32-byte secret.
    package static func encapsulate(
        to publicKey: some DataProtocol
    ) throws(CryptoError) -> (
        ciphertext: Data, sharedSecret: Data
    ) {
        guard let raw = rawPublicKeyBytes(publicKey) else {
            throw CryptoError(
                .invalidLength, "an ML-KEM-768 encapsulation key is \(publicKey.count) bytes, expected 1184")
        }
        do {
            let result = try MLKEM768.PublicKey(rawRepresentation: raw).encapsulate()
            return (result.encapsulated, result.sharedSecret.withUnsafeBytes { Data($0) })
        } catch {
            throw CryptoError(.invalidPublicKey, "the ML-KEM-768 encapsulation key is not accepted")
        }
    }

    /// `SEQUENCE (1202) { AlgorithmIdentifier, BIT STRING (1185) { 0 unused bits, key } }` up to the key.
    static var spkiPrefix: [UInt8] { [0x30, 0x82, 0x04, 0xB2] + algorithmIdentifier + [0x03, 0x82, 0x04, 0xA1, 0x00] }

    /// A redacted description: never the key material.
    package var description: String { "MLKEM768Key(<redacted>)" }
}
