package import FoundationEssentials
package import OfflineOperations
import QRAuthCrypto

extension PowerAuthV4 {
    /// What a device keeps for one 4.0 activation to check offline QR payloads and compute approval codes
    /// (spec §4, §16). A value: the caller persists it after every code, before showing the code, through the device
    /// file (`DeviceFile`), which keeps the derived keys with the knowledge key wrapped under the password. Not
    /// `Codable`: it holds every key in clear and is never written as it is.
    package struct DeviceState: Sendable, Equatable {
        /// The activation id.
        package let activationId: String
        /// The suite the activation was made with.
        package let suite: Suite
        /// The keys derived from `KEY_ACTIVATION_SECRET` (the root itself is not kept).
        private let activationKeys: ActivationKeys
        /// `KEY_MASTER_ECDSA_P384` of the application, uncompressed (QR key `0`).
        package let masterPublicKey: Data
        /// Whether biometry is enabled on this activation (approval codes with the biometry factor).
        package var biometryEnabled: Bool
        /// `CTR_DATA`, 32 bytes: advanced by SHA3-256 after every code.
        package private(set) var counterData: Data
        /// The numeric counter (informational; advances with `counterData`).
        package private(set) var counter: Int

        package init(
            activationId: String, suite: Suite, activationSecret: Data, masterPublicKey: Data, counterData: Data,
            counter: Int = 0, biometryEnabled: Bool = false
        ) throws(PowerAuthError) {
            guard activationSecret.count == 32 else {
                throw PowerAuthError(.length, "a 4.0 activation secret and CTR_DATA are 32 bytes each")
            }
            try self.init(
                activationId: activationId, suite: suite, keys: ActivationKeys(activationSecret: activationSecret),
                masterPublicKey: masterPublicKey, counterData: counterData, counter: counter,
                biometryEnabled: biometryEnabled)
        }

        /// A state from keys already derived (a device file's): the knowledge or biometry key may be empty when the
        /// caller has no password or no biometry key, and a code needing it is then refused.
        package init(
            activationId: String, suite: Suite, keys: ActivationKeys, masterPublicKey: Data, counterData: Data,
            counter: Int = 0, biometryEnabled: Bool = false
        ) throws(PowerAuthError) {
            guard counterData.count == Counter.size else {
                throw PowerAuthError(.length, "a 4.0 activation secret and CTR_DATA are 32 bytes each")
            }
            _ = try p384PublicKey(masterPublicKey, "the P-384 master public key")
            self.activationId = activationId
            self.suite = suite
            self.activationKeys = keys
            self.masterPublicKey = masterPublicKey
            self.counterData = counterData
            self.counter = counter
            self.biometryEnabled = biometryEnabled
        }

        /// Advances the hash-based counter `steps` times: after every code computed (sent or not), and by the distance
        /// a status blob's `CTR_DATA_HASH` shows the server is ahead.
        package mutating func advanceCounter(by steps: Int = 1) {
            for _ in 0..<max(0, steps) {
                counterData = Counter.next(counterData)
                counter += 1
            }
        }

        /// The derived keys.
        package func keys() throws(PowerAuthError) -> ActivationKeys { activationKeys }

        /// Checks a scanned payload: `2` with `KEY_MAC_PERSONALIZED_DATA`, `0` with the P-384 master key; `1`
        /// (a 3.x personalized payload) is never valid for a 4.0 activation.
        package func verify(_ text: String) throws(PowerAuthError) -> OfflineSignatureCheck {
            let master = try p384PublicKey(masterPublicKey, "the P-384 master public key")
            return try OfflineQR.verify(text, personalizedKey: keys().personalizedData, masterKey: master)
        }

        /// The same for a parsed payload.
        package func verify(_ operation: OfflineOperation) throws(PowerAuthError) -> OfflineSignatureCheck {
            let master = try p384PublicKey(masterPublicKey, "the P-384 master public key")
            return try OfflineQR.verify(operation, personalizedKey: keys().personalizedData, masterKey: master)
        }

        /// The approval code for an operation with the current counter, then advances the counter: no counter
        /// gives two codes. Biometry needs `biometryEnabled`.
        package mutating func approvalCode(
            operationId: String, operationData: String, totp: String?, nonce: String,
            factor: OfflineApproval.Factor, digits: Int = 8
        ) throws(PowerAuthError) -> String {
            let keys = try keys()
            let second: Data
            switch factor {
            case .knowledge: second = keys.knowledge
            case .biometry:
                guard biometryEnabled else {
                    throw PowerAuthError(.factorNotAllowed, "biometry is not enabled on this activation")
                }
                second = keys.biometry
            }
            let code = try OfflineQR.approvalCode(
                operationId: operationId, operationData: operationData, totp: totp, nonce: nonce,
                factorKeys: [keys.possession, second], counterData: counterData, digits: digits)
            counterData = Counter.next(counterData)
            counter += 1
            return code
        }

        /// The same for a parsed payload, whose signature is checked first (key `2` with the activation's
        /// `KEY_MAC_PERSONALIZED_DATA`, key `0` with the P-384 master key); a key `1` payload is refused.
        package mutating func approvalCode(
            for operation: OfflineOperation, factor: OfflineApproval.Factor, digits: Int = 8
        ) throws(PowerAuthError) -> String {
            switch try verify(operation) {
            case .valid: break
            case .invalid:
                throw PowerAuthError(
                    .payload, "the QR payload's \(operation.signingKey.rawValue) signature does not verify")
            case .keyUnavailable:
                throw PowerAuthError(.payload, "a key 1 payload is for 3.x activations, not this 4.0 one")
            }
            return try approvalCode(
                operationId: operation.operationId, operationData: operation.operationData, totp: operation.totp,
                nonce: operation.nonce, factor: factor, digits: digits)
        }
    }
}
