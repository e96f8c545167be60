import FoundationEssentials
import OfflineOperations
import QRAuthCrypto

/// Signature components for one counter value and one data, shared between signature types: the
/// per-factor `HMAC(K, ctr)` and every component depend only on a prefix of the factor list, so
/// `possession_knowledge` and `possession_biometry` share their first component. The server's
/// worst case then costs 7 HMACs per counter value instead of 10.
///
/// One cache serves a whole look-ahead loop: `reset(counterData:)` moves it to the next counter value
/// and keeps its storage (a few slots searched linearly; no hashing of factor lists).
final class ComponentCache {
    private let keys: FactorKeys
    private let data: Data
    private var counterData: Data
    /// `HMAC(K_factor, counterData)`, indexed by `SignatureFactor.slot`.
    private var perFactor: [Data?] = [nil, nil, nil]
    /// Components computed for the current counter value, keyed by their factor prefix.
    private var components: [(prefix: [SignatureFactor], value: Data)] = []

    /// Keys must already be checked for every type asked for (`FactorKeys.keys(for:)`).
    init(keys: FactorKeys, counterData: Data, data: Data) {
        self.keys = keys
        self.counterData = counterData
        self.data = data
        components.reserveCapacity(6)
    }

    /// Forgets every value computed for the previous counter value.
    func reset(counterData: Data) {
        self.counterData = counterData
        for slot in perFactor.indices { perFactor[slot] = nil }
        components.removeAll(keepingCapacity: true)
    }

    /// The components of `type`, equal to `PowerAuthSignature.components(keys:counterData:data:)`.
    func components(for type: SignatureType) -> [Data] {
        let factors = type.factors
        return factors.indices.map { component(Array(factors[...$0])) }
    }

    private func component(_ prefix: [SignatureFactor]) -> Data {
        if let cached = components.first(where: { $0.prefix == prefix }) { return cached.value }
        let index = prefix.count - 1
        var derived = counterKey(prefix[index])
        for inner in 0..<index {
            derived = HMACSHA256.authenticationCode(for: derived, using: counterKey(prefix[inner + 1]))
        }
        let component = HMACSHA256.authenticationCode(for: data, using: derived)
        components.append((prefix, component))
        return component
    }

    private func counterKey(_ factor: SignatureFactor) -> Data {
        let slot = factor.slot
        if let cached = perFactor[slot] { return cached }
        let value = HMACSHA256.authenticationCode(for: counterData, using: keys.key(for: factor) ?? Data())
        perFactor[slot] = value
        return value
    }
}

extension SignatureFactor {
    /// A dense index for per-factor storage.
    fileprivate var slot: Int {
        switch self {
        case .possession: 0
        case .knowledge: 1
        case .biometry: 2
        }
    }
}
