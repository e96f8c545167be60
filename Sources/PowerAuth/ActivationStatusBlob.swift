package import FoundationEssentials
import QRAuthCrypto

/// The encrypted 32-byte activation status blob of `/pa/v3/activation/status`, which also lets the device resynchronise its counter.
package struct ActivationStatusBlob: Sendable, Equatable {
    /// The magic value the blob starts with.
    public static let magic: [UInt8] = [0xDE, 0xC0, 0xDE, 0xD1]

    /// Activation status byte (1 created, 2 pending commit, 3 active, 4 blocked, 5 removed).
    public var status: UInt8
    /// Current protocol version byte.
    public var currentVersion: UInt8
    /// Version an upgrade goes to.
    public var upgradeVersion: UInt8
    /// `CTR & 0xFF`.
    public var counterByte: UInt8
    /// Failed attempts so far.
    public var failedAttempts: UInt8
    /// Failed attempts allowed.
    public var maxFailedAttempts: UInt8
    /// The server's look-ahead window.
    public var lookAhead: UInt8
    /// `KDF_INTERNAL(KEY_TRANSPORT_CTR, CTR_DATA)` of the server's counter.
    public var counterDataHash: Data

    /// The IV: `KDF_INTERNAL(KDF(KEY_TRANSPORT, 3000), challenge || nonce)`.
    public static func iv(transportKey: Data, challenge: Data, nonce: Data) throws(PowerAuthError) -> Data {
        let ivKey = try DerivedKeys.transportIVKey(transport: transportKey)
        return KeyDerivation.deriveInternal(ivKey, index: challenge + nonce)
    }

    /// Decrypts and parses a blob (AES-128-CBC, no padding, key `KEY_TRANSPORT`).
    public init(encrypted: Data, transportKey: Data, challenge: Data, nonce: Data) throws(PowerAuthError) {
        guard encrypted.count == 32 else {
            throw PowerAuthError(.statusBlob, "the status blob must be 32 bytes, not \(encrypted.count)")
        }
        let iv = try Self.iv(transportKey: transportKey, challenge: challenge, nonce: nonce)
        let plain: [UInt8]
        do {
            plain = Array(try AES128.decryptCBC(encrypted, key: transportKey, iv: iv, padding: false))
        } catch {
            throw PowerAuthError(.statusBlob, "the status blob does not decrypt")
        }
        // The mobile SDK's checks: DE C0 DE, a format byte D1…DF, status 1…5, look-ahead 1…64.
        guard plain[0..<3].elementsEqual(Self.magic[0..<3]), (0xD1...0xDF).contains(plain[3]) else {
            throw PowerAuthError(.statusBlob, "the status blob has a wrong magic value (wrong key or data)")
        }
        guard (1...5).contains(plain[4]), (1...64).contains(plain[15]) else {
            throw PowerAuthError(.statusBlob, "the status blob has a status or look-ahead out of range")
        }
        status = plain[4]
        currentVersion = plain[5]
        upgradeVersion = plain[6]
        counterByte = plain[12]
        failedAttempts = plain[13]
        maxFailedAttempts = plain[14]
        lookAhead = plain[15]
        counterDataHash = Data(plain[16..<32])
    }

    /// `KDF_INTERNAL(KDF(KEY_TRANSPORT, 4000), ctrData)`.
    public static func counterDataHash(ctrData: Data, transportKey: Data) throws(PowerAuthError) -> Data {
        KeyDerivation.deriveInternal(try DerivedKeys.transportCounterKey(transport: transportKey), index: ctrData)
    }

    /// How many steps the server's counter is ahead of `localCtrData`, or nil when not within `lookAhead`.
    public func counterDistance(localCtrData: Data, transportKey: Data) throws(PowerAuthError) -> Int? {
        let key = try DerivedKeys.transportCounterKey(transport: transportKey)
        var counter = try SignatureCounter.hashBased(validating: localCtrData)
        for distance in 0...Int(lookAhead) {
            if ConstantTime.equals(KeyDerivation.deriveInternal(key, index: counter.counterData), counterDataHash) {
                return distance
            }
            counter = counter.advanced()
        }
        return nil
    }
}
