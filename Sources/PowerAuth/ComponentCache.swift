import Foundation
import QRAuthCrypto

/// Signature components for one counter value and one data, shared between signature types: the
/// per-factor `HMAC(K, ctr)` and every component depend only on a prefix of the factor list, so
/// `possession_knowledge` and `possession_biometry` share their first component (spec §2.3). The server's
/// worst case then costs 8 HMACs per counter value instead of 10.
final class ComponentCache {
    private let keys: FactorKeys
    private let counterData: Data
    private let data: Data
    private var perFactor: [SignatureFactor: Data] = [:]
    private var components: [[SignatureFactor]: Data] = [:]

    /// Keys must already be checked for every type asked for (`FactorKeys.keys(for:)`).
    init(keys: FactorKeys, counterData: Data, data: Data) {
        self.keys = keys
        self.counterData = counterData
        self.data = data
    }

    /// The components of `type`, equal to `PowerAuthSignature.components(keys:counterData:data:)`.
    func components(for type: SignatureType) -> [Data] {
        let factors = type.factors
        return factors.indices.map { component(Array(factors[...$0])) }
    }

    private func component(_ prefix: [SignatureFactor]) -> Data {
        if let cached = components[prefix] { return cached }
        let index = prefix.count - 1
        var derived = counterKey(prefix[index])
        for inner in 0..<index {
            derived = HMACSHA256.authenticationCode(for: derived, using: counterKey(prefix[inner + 1]))
        }
        let component = HMACSHA256.authenticationCode(for: data, using: derived)
        components[prefix] = component
        return component
    }

    private func counterKey(_ factor: SignatureFactor) -> Data {
        if let cached = perFactor[factor] { return cached }
        let value = HMACSHA256.authenticationCode(for: counterData, using: keys.key(for: factor) ?? Data())
        perFactor[factor] = value
        return value
    }
}
