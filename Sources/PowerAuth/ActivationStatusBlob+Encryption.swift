package import FoundationEssentials
import QRAuthCrypto

extension ActivationStatusBlob {
    /// Makes a blob from its fields (the server side of `/pa/v3/activation/status`).
    public init(
        status: UInt8, currentVersion: UInt8, upgradeVersion: UInt8, counterByte: UInt8, failedAttempts: UInt8,
        maxFailedAttempts: UInt8, lookAhead: UInt8, counterDataHash: Data
    ) {
        self.status = status
        self.currentVersion = currentVersion
        self.upgradeVersion = upgradeVersion
        self.counterByte = counterByte
        self.failedAttempts = failedAttempts
        self.maxFailedAttempts = maxFailedAttempts
        self.lookAhead = lookAhead
        self.counterDataHash = counterDataHash
    }

    /// The 32 plaintext bytes (the mobile SDK's layout) with the 5 reserved bytes given.
    public func plaintext(reserved: Data) throws(PowerAuthError) -> Data {
        guard reserved.count == 5, counterDataHash.count == 16 else {
            throw PowerAuthError(.statusBlob, "a status blob needs 5 reserved bytes and a 16-byte counter hash")
        }
        var bytes = Data(Self.magic)
        bytes += [status, currentVersion, upgradeVersion]
        bytes += reserved
        bytes += [counterByte, failedAttempts, maxFailedAttempts, lookAhead]
        bytes += counterDataHash
        return bytes
    }

    /// Server side: `AES-128-CBC-NoPadding(KEY_TRANSPORT, KDF_INTERNAL(KDF(KEY_TRANSPORT, 3000), challenge || nonce),
    /// blob)`; the reserved bytes are random unless given (tests).
    public func encrypted(
        transportKey: Data, challenge: Data, nonce: Data, reserved: Data? = nil
    ) throws(PowerAuthError) -> Data {
        guard transportKey.count == 16 else {
            throw PowerAuthError(.length, "the transport key must be 16 bytes, not \(transportKey.count)")
        }
        let iv = try Self.iv(transportKey: transportKey, challenge: challenge, nonce: nonce)
        let plain = try plaintext(reserved: reserved ?? SecureRandom.bytes(count: 5))
        do {
            return try AES128.encryptCBC(plain, key: transportKey, iv: iv, padding: false)
        } catch {
            throw PowerAuthError(.crypto, "AES encryption of the status blob failed: \(error.reason)")
        }
    }
}
