package import FoundationEssentials
import OfflineOperations
import QRAuthCrypto

/// The server side of `/pa/v3/activation/status` (spec §3.8) as a value, mirroring `DeviceStatus`: the status blob
/// of an activation with a device key (status, versions, counter byte, attempts, look-ahead and the counter-data
/// hash) under `KEY_TRANSPORT`, with the IV of the request's challenge and a fresh nonce. Unknown and CREATED
/// activations get 32 random bytes (and a random nonce when a challenge was sent), as the real server sends.
package struct ServerStatusFlow: Sendable {
    /// The protocol generation written into the blob's current version byte.
    package let protocolGeneration: UInt8
    /// The generation written into the upgrade version byte (byte 6): `protocolGeneration` when the server offers no
    /// upgrade, 4 when it offers 3.3 → 4.0 (what the real server does since PR #2133, spec powerauth-v4.md §1, §15).
    package let upgradeGeneration: UInt8

    /// A flow for protocol 3.x; `upgradeGeneration` 4 advertises the upgrade to 4.0.
    package init(protocolGeneration: UInt8 = 3, upgradeGeneration: UInt8? = nil) {
        self.protocolGeneration = protocolGeneration
        self.upgradeGeneration = upgradeGeneration ?? protocolGeneration
    }

    /// The blob and nonce to answer for `activation` (nil: unknown) and the request's 16-byte `challenge`
    /// (nil: 3.0, zero IV, random counter fields, no nonce).
    package func answer(
        _ activation: ServerActivation?, challenge: Data?
    ) throws(PowerAuthError) -> (blob: Data, nonce: Data?) {
        guard let activation, activation.hasDeviceKey, activation.counters.status != .created else {
            return (SecureRandom.bytes(count: 32), challenge.map { _ in SecureRandom.bytes(count: 16) })
        }
        return try statusBlob(activation, challenge: challenge)
    }

    /// The encrypted blob of an activation with a device key.
    package func statusBlob(
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
            status: activation.counters.status.statusByte, currentVersion: protocolGeneration,
            upgradeVersion: upgradeGeneration, counterByte: counterByte,
            failedAttempts: UInt8(clamping: activation.counters.failedAttempts),
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
        guard challenge.count == 16 else { throw PowerAuthError(.length, "the status challenge must be 16 bytes") }
        let nonce = SecureRandom.bytes(count: 16)
        return (try blob.encrypted(transportKey: transport, challenge: challenge, nonce: nonce), nonce)
    }
}
