public import FoundationEssentials
import QRAuthCrypto

/// The value a signature is keyed with: the v3 hash-based `CTR_DATA` or the v2 numeric counter.
public enum SignatureCounter: Sendable, Equatable {
    /// Version 3: 16 bytes, advanced by `fold(SHA-256(CTR_DATA))`.
    case hashBased(Data)
    /// Version 2 (legacy): the numeric counter.
    case numeric(UInt64)

    /// Makes a v3 counter, checking its length.
    public static func hashBased(validating data: Data) throws(PowerAuthError) -> SignatureCounter {
        guard data.count == 16 else {
            throw PowerAuthError(.length, "CTR_DATA must be 16 bytes, not \(data.count)")
        }
        return .hashBased(data)
    }

    /// A fresh random v3 counter, as the server makes at activation.
    package static func randomHashBased() -> SignatureCounter {
        .hashBased(SecureRandom.bytes(count: 16))
    }

    /// The 16 bytes fed into the per-request HMAC: `CTR_DATA`, or `0x00×8 || BE64(counter)`.
    public var counterData: Data {
        switch self {
        case .hashBased(let data): data
        case .numeric(let value): KeyDerivation.indexBlock(value)
        }
    }

    /// The next counter value.
    public func advanced() -> SignatureCounter {
        switch self {
        case .hashBased(let data): .hashBased(KeyDerivation.fold(SHA256Hash.hash(data: data)))
        case .numeric(let value): .numeric(value &+ 1)
        }
    }

    /// The counter after `steps` advances.
    public func advanced(by steps: Int) -> SignatureCounter {
        var counter = self
        for _ in 0..<max(steps, 0) { counter = counter.advanced() }
        return counter
    }
}
