package import Foundation
package import QRAuthCrypto

extension PowerAuthV4 {
    /// Offline QR payloads of 4.0 activations (spec §16): key `2` (KMAC tag) and key `0` (ECDSA P-384).
    package enum OfflineQR {
        /// The signing-key characters 4.0 uses.
        package enum KeyType: Character, Sendable {
            /// The master key, non-personalized: ECDSA P-384 / SHA-384 (DER).
            case master = "0"
            /// Personalized, symmetric: `KMAC(KEY_MAC_PERSONALIZED_DATA, …, 32, "PA4MAC-QR")`.
            case personalized = "2"
        }

        /// What a check concluded.
        package enum Verdict: String, Sendable {
            case valid
            case invalid
            /// The key the payload names is not at hand (or `1`, which 4.0 activations never receive).
            case keyUnavailable = "key_unavailable"
        }

        /// A payload split into its signed bytes and its signature line.
        package struct SignedPayload: Sendable {
            /// UTF-8 of everything before the signature, key-type character included.
            package let signedData: Data
            /// The key-type character.
            package let keyType: Character
            /// The decoded signature.
            package let signature: Data
        }

        /// Splits `text` at its last line: `{KEY_TYPE}{SIGNATURE_B64}`.
        package static func split(_ text: String) throws(PowerAuthError) -> SignedPayload {
            let bytes = Array(text.utf8)
            guard let newline = bytes.lastIndex(of: 0x0A), newline + 2 < bytes.count else {
                throw PowerAuthError(.payload, "the QR text has no signature line")
            }
            let keyType = Character(Unicode.Scalar(bytes[newline + 1]))
            let base64 = String(decoding: bytes[(newline + 2)...], as: UTF8.self)
            guard let signature = Data(base64Encoded: base64) else {
                throw PowerAuthError(.base64, "the QR signature is not Base64")
            }
            return SignedPayload(signedData: Data(bytes[...(newline + 1)]), keyType: keyType, signature: signature)
        }

        /// `TAG = KMAC(KEY_MAC_PERSONALIZED_DATA, signedData, 32, "PA4MAC-QR")`.
        package static func personalizedTag(signedData: Data, key: Data) throws(PowerAuthError) -> Data {
            try kmac(key: key, message: signedData, .personalizedQR)
        }

        /// Checks a 4.0 payload: `2` with the activation's `KEY_MAC_PERSONALIZED_DATA`, `0` with the P-384
        /// master key. `1` (3.x personalized) is never valid for a 4.0 activation.
        package static func verify(
            _ text: String, personalizedKey: Data?, masterKey: NISTP384.PublicKey?
        ) throws(PowerAuthError) -> Verdict {
            let payload = try split(text)
            switch KeyType(rawValue: payload.keyType) {
            case .personalized:
                guard let personalizedKey else { return .keyUnavailable }
                guard payload.signature.count == 32 else { return .invalid }
                let tag = try personalizedTag(signedData: payload.signedData, key: personalizedKey)
                return ConstantTime.equals(tag, payload.signature) ? .valid : .invalid
            case .master:
                guard let masterKey else { return .keyUnavailable }
                return masterKey.isValidSignature(derRepresentation: payload.signature, for: payload.signedData)
                    ? .valid : .invalid
            case nil:
                return .keyUnavailable
            }
        }

        /// Signs `unsigned` (everything before the key-type character, ending in a newline) with key `2`.
        package static func signPersonalized(_ unsigned: String, key: Data) throws(PowerAuthError) -> String {
            let signed = unsigned + String(KeyType.personalized.rawValue)
            return signed + (try personalizedTag(signedData: utf8(signed), key: key)).base64EncodedString()
        }

        /// Signs `unsigned` with key `0`, the P-384 master private key (DER signature).
        package static func signNonPersonalized(
            _ unsigned: String, masterKey: NISTP384.PrivateKey
        ) throws(PowerAuthError) -> String {
            let signed = unsigned + String(KeyType.master.rawValue)
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
