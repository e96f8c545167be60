public import OfflineOperations
public import QRAuthCrypto

extension OfflineOperation {
    /// Verifies the server's ECDSA signature over `signedData` with the key the indicator names:
    /// `0` → `masterKey`, `1` → `personalizedKey` (the activation's `KEY_SERVER_PUBLIC`). These are the 3.x keys:
    /// a key `2` payload (a KMAC tag of a 4.0 activation) reports the key unavailable.
    public func checkSignature(
        masterKey: NISTP256.Signing.PublicKey?, personalizedKey: NISTP256.Signing.PublicKey?
    ) -> OfflineSignatureCheck {
        let key: NISTP256.Signing.PublicKey?
        switch signingKey {
        case .master: key = masterKey
        case .personalized: key = personalizedKey
        case .personalizedMAC: key = nil
        }
        guard let key else { return .keyUnavailable }
        return ServerSignedData.isValid(signatureDER: signature, for: signedData, publicKey: key) ? .valid : .invalid
    }
}
