public import FoundationEssentials
public import QRAuthCrypto
import QRAuthEncoding

/// An activation code as a QR code or deep link carries it: `CODE` or `CODE#SIGNATURE`.
///
/// The signature is ECDSA P-256/SHA-256 (DER, Base64) over the code's UTF-8 text, made with the master private key.
public struct SignedActivationCode: Sendable, Hashable {
    /// The validated code.
    public let code: ActivationCode
    /// The DER signature, when the text had one.
    public let signature: Data?

    /// Splits at the first `#`, validates the code, and decodes the signature (Base64 of a non-empty value).
    public init(parsing text: String) throws(PowerAuthError) {
        let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        code = try ActivationCode(validating: String(parts[0]))
        if parts.count == 2 {
            guard let decoded = StrictBase64.decode(parts[1]), !decoded.isEmpty else {
                throw PowerAuthError(
                    .activationCodeSignature, "the activation code's signature (after '#') is not Base64")
            }
            signature = decoded
        } else {
            signature = nil
        }
    }

    /// Makes a value from a code and an optional signature.
    public init(code: ActivationCode, signature: Data?) {
        self.code = code
        self.signature = signature
    }

    /// Whether the signature verifies with `masterPublicKey` (false without a signature).
    public func isSignatureValid(masterPublicKey: NISTP256.Signing.PublicKey) -> Bool {
        guard let signature else { return false }
        return masterPublicKey.isValidSignature(derRepresentation: signature, for: Data(code.value.utf8))
    }

    /// Accepts a code without a signature; with one, throws `.activationCodeSignature` unless it verifies.
    public func verify(masterPublicKey: NISTP256.Signing.PublicKey) throws(PowerAuthError) {
        guard signature != nil else { return }
        guard isSignatureValid(masterPublicKey: masterPublicKey) else {
            throw PowerAuthError(
                .activationCodeSignature, "the activation code's signature does not verify with the master public key")
        }
    }

    /// Signs `code` with the master private key (server side; DER signature).
    public static func sign(
        _ code: ActivationCode, masterPrivateKey: NISTP256.Signing.PrivateKey
    ) throws(PowerAuthError) -> SignedActivationCode {
        do {
            let signature = try masterPrivateKey.signature(for: Data(code.value.utf8))
            return SignedActivationCode(code: code, signature: signature.derRepresentation)
        } catch {
            throw PowerAuthError(.crypto, "ECDSA signing failed: \(error.reason)")
        }
    }

    /// `CODE` or `CODE#SIGNATURE_B64`.
    public var text: String {
        guard let signature else { return code.value }
        return code.value + "#" + StrictBase64.encode(signature)
    }
}
