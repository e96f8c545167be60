package import FoundationEssentials
package import OfflineOperations
package import QRAuthCrypto

extension PowerAuthV4 {
    /// Offline QR payloads of 4.0 activations (spec §16): key `2` (KMAC tag) and key `0` (ECDSA P-384).
    package enum OfflineQR {
        /// `TAG = KMAC(KEY_MAC_PERSONALIZED_DATA, signedData, 32, "PA4MAC-QR")`.
        package static func personalizedTag(signedData: Data, key: Data) throws(PowerAuthError) -> Data {
            try kmac(key: key, message: signedData, .personalizedQR)
        }

        /// Checks a parsed payload for a 4.0 activation: `2` with the activation's `KEY_MAC_PERSONALIZED_DATA`, `0`
        /// with the P-384 master key (spec §16). `1` (a 3.x personalized payload) is never valid for a 4.0
        /// activation: it reports the key unavailable.
        package static func verify(
            _ operation: OfflineOperation, personalizedKey: Data?, masterKey: NISTP384.PublicKey?
        ) throws(PowerAuthError) -> OfflineSignatureCheck {
            switch operation.signingKey {
            case .personalizedMAC:
                guard let personalizedKey else { return .keyUnavailable }
                let tag = try personalizedTag(signedData: operation.signedData, key: personalizedKey)
                return ConstantTime.equals(tag, operation.signature) ? .valid : .invalid
            case .master:
                guard let masterKey else { return .keyUnavailable }
                return masterKey.isValidSignature(derRepresentation: operation.signature, for: operation.signedData)
                    ? .valid : .invalid
            case .personalized:
                return .keyUnavailable
            }
        }

        /// The same for a payload's text; text the offline-operation parser refuses is a payload error.
        package static func verify(
            _ text: String, personalizedKey: Data?, masterKey: NISTP384.PublicKey?
        ) throws(PowerAuthError) -> OfflineSignatureCheck {
            let operation: OfflineOperation
            do {
                operation = try OfflineOperation(text)
            } catch {
                throw PowerAuthError(.payload, error.reason)
            }
            return try verify(operation, personalizedKey: personalizedKey, masterKey: masterKey)
        }

        /// Signs `unsigned` (everything before the key-type character, ending in a newline) with key `2`.
        package static func signPersonalized(_ unsigned: String, key: Data) throws(PowerAuthError) -> String {
            let signed = unsigned + String(OfflineOperation.SigningKey.personalizedMAC.indicator)
            return signed + (try personalizedTag(signedData: utf8(signed), key: key)).base64EncodedString()
        }

        /// Signs `unsigned` with key `0`, the P-384 master private key (DER signature).
        package static func signNonPersonalized(
            _ unsigned: String, masterKey: NISTP384.PrivateKey
        ) throws(PowerAuthError) -> String {
            let signed = unsigned + String(OfflineOperation.SigningKey.master.indicator)
            do {
                return signed + (try masterKey.signature(for: utf8(signed))).base64EncodedString()
            } catch {
                throw crypto("signing the QR payload", error)
            }
        }

        /// The approval code for a 4.0 activation: components of
        /// `POST&B64("/operation/authorize/offline")&NONCE&B64(BODY)&offline` in the offline form.
        package static func approvalCode(
            operationId: String, operationData: String, totp: String?, nonce: String, factorKeys: [Data],
            counterData: Data, digits: Int = 8
        ) throws(PowerAuthError) -> String {
            let request = try OfflineApproval.request(
                operationId: operationId, operationData: operationData, totp: totp, nonce: nonce)
            let data = request.normalizedData(applicationSecret: SignedRequest.offlineSecret)
            return try AuthenticationCode.offline(
                AuthenticationCode.components(data: data, factorKeys: factorKeys, counterData: counterData),
                digits: digits)
        }
    }
}
