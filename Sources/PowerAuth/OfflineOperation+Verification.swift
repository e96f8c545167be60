public import OfflineOperations
public import QRAuthCrypto

extension OfflineOperation {
    /// Verifies the server's ECDSA signature over `signedData` with the key the indicator names:
    /// `0` → `masterKey`, `1` → `personalizedKey` (the activation's `KEY_SERVER_PUBLIC`).
    public func checkSignature(
        masterKey: NISTP256.Signing.PublicKey?, personalizedKey: NISTP256.Signing.PublicKey?
    ) -> OfflineSignatureCheck {
        let key: NISTP256.Signing.PublicKey?
        switch signingKey {
        case .master: key = masterKey
        case .personalized: key = personalizedKey
        }
        guard let key else { return .keyUnavailable }
        return ServerSignedData.isValid(signatureDER: signature, for: signedData, publicKey: key) ? .valid : .invalid
    }
}
