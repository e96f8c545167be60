internal import Crypto
package import FoundationEssentials

/// An ML-DSA-65 (FIPS 204) signing key, from swift-crypto (no post-quantum code of our own).
package struct MLDSA65Key: Sendable, CustomStringConvertible, PostQuantumPublicKeyEncoding {
    /// Bytes of the seed `ξ` a key is generated from.
    package static let seedSize = 32
    /// Bytes of a raw public key.
    package static let publicKeySize = 1952
    /// Bytes of a signature.
    package static let signatureSize = 3309
    /// The DER of `AlgorithmIdentifier { id-ml-dsa-65 }` (OID 2.16.840.1.101.3.4.3.18, no parameters).
    static let algorithmIdentifier: [UInt8] = [
        0x30, 0x0B, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12,
    ]

    private let key: MLDSA65.PrivateKey

    /// A fresh random key.
    package init() throws(CryptoError) {
        do {
            key = try MLDSA65.PrivateKey()
        } catch {
            throw CryptoError(.openSSLFailure, "ML-DSA-65 key generation failed")
        }
    }

    /// Takes the 32-byte seed (FIPS 204 `ML-DSA.KeyGen_internal(ξ)`: the same seed, the same key).
    package init(seed: some DataProtocol) throws(CryptoError) {
        guard seed.count == Self.seedSize else {
            throw CryptoError(.invalidLength, "an ML-DSA-65 seed is \(seed.count) bytes, expected 32")
        }
        do {
            key = try MLDSA65.PrivateKey(seedRepresentation: seed, publicKey: nil)
        } catch {
            throw CryptoError(.invalidPrivateKey, "the ML-DSA-65 seed is not accepted")
        }
    }

    /// The 32-byte seed.
    package var seed: Data { key.seedRepresentation }

    /// The 1952-byte raw public key.
    package var publicKeyRawRepresentation: Data { key.publicKey.rawRepresentation }

    /// The public key as `SubjectPublicKeyInfo` DER (1974 bytes, Base64 starts `MIIHsjAL`).
    package var publicKeySPKI: Data { Self.spki(rawPublicKey: publicKeyRawRepresentation) }

    /// A signature over `data` (ML-DSA.Sign with an empty context; hedged: two signatures of one message differ).
    package func signature(for data: some DataProtocol) throws(CryptoError) -> Data {
        do {
            return try key.signature(for: data)
        } catch {
            throw CryptoError(.openSSLFailure, "ML-DSA-65 signing failed")
        }
    }

    /// Whether `signature` is a valid ML-DSA-65 signature (empty context) over `data` by `publicKey`, raw or SPKI.
    /// A public key that is not one is an error; a wrong signature is `false`.
    package static func isValidSignature(
        _ signature: some DataProtocol, for data: some DataProtocol, publicKey: some DataProtocol
    ) throws(CryptoError) -> Bool {
        let key = try parsePublicKey(publicKey)
        return key.isValidSignature(signature, for: data)
    }

    /// The raw 1952-byte public key of a raw or SPKI encoding; anything else is an error.
    package static func rawPublicKey(_ encoded: some DataProtocol) throws(CryptoError) -> Data {
        try parsePublicKey(encoded).rawRepresentation
    }

    private static func parsePublicKey(_ encoded: some DataProtocol) throws(CryptoError) -> MLDSA65.PublicKey {
        guard let raw = rawPublicKeyBytes(encoded) else {
            throw CryptoError(.invalidLength, "an ML-DSA-65 public key is \(encoded.count) bytes, expected 1952")
        }
        do {
            return try MLDSA65.PublicKey(rawRepresentation: raw)
        } catch {
            throw CryptoError(.invalidPublicKey, "the ML-DSA-65 public key is not accepted")
        }
    }

    /// `SEQUENCE (1970) { AlgorithmIdentifier, BIT STRING (1953) { 0 unused bits, key } }` up to the key.
    static var spkiPrefix: [UInt8] { [0x30, 0x82, 0x07, 0xB2] + algorithmIdentifier + [0x03, 0x82, 0x07, 0xA1, 0x00] }

    /// A redacted description: never the key material.
    package var description: String { "MLDSA65Key(<redacted>)" }
}
