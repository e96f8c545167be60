import Foundation
import PowerAuth
import QRAuthCrypto

extension DevServer {
    /// A fresh activation code of `application` and its master-key signature (Base64 DER), as the back office's
    /// `activation/init` answers them.
    static func issueActivationCode(
        _ application: ServerApplication
    ) throws(ActivationLifecycleError) -> (code: String, signature: String) {
        do {
            let code = try ActivationCode.generate()
            let signed = try SignedActivationCode.sign(code, masterPrivateKey: application.masterSigningKey())
            return (code.value, signed.signature?.base64EncodedString() ?? "")
        } catch {
            throw ActivationLifecycleError(.internalError, "the activation code could not be made: \(error.reason)")
        }
    }

    /// The encrypted status blob of an activation with a device key (spec §3.8): status, versions, counter byte,
    /// attempts, look-ahead and the counter-data hash, under `KEY_TRANSPORT` with the IV of `challenge` and a
    /// fresh nonce. Without a challenge (3.0) the IV is zero and the counter fields are random.
    static func statusBlob(
        _ activation: ServerActivation, challenge: Data?
    ) throws(PowerAuthError) -> (blob: Data, nonce: Data?) {
        let transport = try activation.derivedKeys().transport
        var counterHash = SecureRandom.bytes(count: 16)
        var counterByte = SecureRandom.bytes(count: 1)[0]
        if challenge != nil, let ctrData = activation.counters.ctrData {
            counterHash = try ActivationStatusBlob.counterDataHash(ctrData: ctrData, transportKey: transport)
            counterByte = UInt8(truncatingIfNeeded: activation.counters.counter)
        }
        let blob = ActivationStatusBlob(
            status: activation.counters.status.statusByte, currentVersion: 3, upgradeVersion: 3,
            counterByte: counterByte, failedAttempts: UInt8(clamping: activation.counters.failedAttempts),
            maxFailedAttempts: UInt8(clamping: activation.counters.maxFailedAttempts),
            lookAhead: UInt8(clamping: activation.lookAhead), counterDataHash: counterHash)
        guard let challenge else {
            do {
                let plain = try blob.plaintext(reserved: SecureRandom.bytes(count: 5))
                return (try AES128.encryptCBC(plain, key: transport, iv: Data(count: 16), padding: false), nil)
            } catch {
                throw PowerAuthError(.crypto, "the status blob could not be encrypted")
            }
        }
        let nonce = SecureRandom.bytes(count: 16)
        return (try blob.encrypted(transportKey: transport, challenge: challenge, nonce: nonce), nonce)
    }
}
