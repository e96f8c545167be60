public import FoundationEssentials
public import QRAuthCrypto

/// The private key that signs fingerprint lists, in the formats Wultra's ssl-pinning-tool reads
/// and writes: PKCS#8 PEM (plain or PBES2-encrypted); SEC1 `EC PRIVATE KEY` PEM is also read.
public struct PinningSigningKey: Sendable {
    /// The key.
    public let privateKey: NISTP256.Signing.PrivateKey

    /// Wraps a key.
    public init(_ privateKey: NISTP256.Signing.PrivateKey) {
        self.privateKey = privateKey
    }

    /// A fresh random key.
    public static func generate() -> PinningSigningKey { PinningSigningKey(NISTP256.Signing.PrivateKey()) }

    /// Reads a PEM key file. Like the tool, a password is required for an encrypted key and
    /// refused for a plain one, so a pipeline never silently ignores a secret.
    public init(pem text: String, password: String?) throws(FingerprintListError) {
        let encrypted = text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----")
        let plain = text.contains("-----BEGIN PRIVATE KEY-----") || text.contains("-----BEGIN EC PRIVATE KEY-----")
        if text.contains("-----BEGIN PUBLIC KEY-----") && !encrypted && !plain {
            throw FingerprintListError(
                .invalidPrivateKey, "the key file holds a public key; signing needs the private key")
        }
        if text.contains("Proc-Type: 4,ENCRYPTED") {
            throw FingerprintListError(
                .invalidPrivateKey,
                "the key file uses legacy PEM encryption; convert it with `openssl pkcs8 -topk8 -v2 aes-128-cbc`")
        }
        guard encrypted || plain else {
            throw FingerprintListError(
                .invalidPrivateKey,
                "the key file has no PRIVATE KEY, ENCRYPTED PRIVATE KEY or EC PRIVATE KEY block")
        }
        if encrypted && password == nil {
            throw FingerprintListError(.passwordRequired, "the key file is encrypted; give its password")
        }
        if !encrypted && password != nil {
            throw FingerprintListError(.passwordNotExpected, "the key file is not encrypted; give no password")
        }
        do {
            privateKey = try NISTP256.Signing.PrivateKey(pemRepresentation: text, password: password)
        } catch {
            if encrypted {
                throw FingerprintListError(
                    .wrongPassword, "the password does not open the key file (or the file is damaged)")
            }
            throw FingerprintListError(
                .invalidPrivateKey, "the key file is not a P-256 private key: \(error.reason)")
        }
    }

    /// The public key apps are configured with.
    public var publicKey: PinningPublicKey { PinningPublicKey(privateKey.publicKey) }

    /// The tool's `export`: Base64 of the 65-byte uncompressed public point.
    public var exportedPublicKey: String { publicKey.base64 }

    /// The tool's `export-private` (the Mobile Utility Server format): Base64 of Java
    /// `BigInteger.toByteArray()` of the scalar, signed big-endian with a leading 0x00 when needed.
    public var exportedPrivateKey: String { privateKey.javaRepresentation.base64EncodedString() }

    /// PKCS#8 PEM, encrypted with PBES2 when a password is given.
    public func pem(password: String?) throws(FingerprintListError) -> String {
        guard let password else { return privateKey.pemRepresentation }
        guard !password.isEmpty else {
            throw FingerprintListError(.invalidPrivateKey, "an empty password cannot encrypt a key file")
        }
        do {
            return try privateKey.pemRepresentation(password: password)
        } catch {
            throw FingerprintListError(.invalidPrivateKey, "cannot encrypt the key: \(error.reason)")
        }
    }

    /// Signs an entry's `signedBytes`; returns the entry with its DER signature set.
    public func sign(_ entry: FingerprintEntry) throws(FingerprintListError) -> FingerprintEntry {
        var signed = entry
        signed.signature = try signature(for: entry.signedBytes)
        return signed
    }

    /// A DER ECDSA-SHA256 signature over `message`.
    public func signature(for message: some DataProtocol) throws(FingerprintListError) -> Data {
        do {
            return try privateKey.signature(for: message).derRepresentation
        } catch {
            throw FingerprintListError(.invalidPrivateKey, "signing failed: \(error.reason)")
        }
    }
}
