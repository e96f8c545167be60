public import FoundationEssentials
public import OfflineOperations

/// The signature keys one side holds; a missing key means that factor is not available.
public struct FactorKeys: Sendable, Equatable {
    /// `KEY_SIGNATURE_POSSESSION`, 16 bytes.
    public var possession: Data?
    /// `KEY_SIGNATURE_KNOWLEDGE`, 16 bytes (on a device: decrypted with the password).
    public var knowledge: Data?
    /// `KEY_SIGNATURE_BIOMETRY`, 16 bytes.
    public var biometry: Data?

    /// Makes a key set; any key may be absent.
    public init(possession: Data?, knowledge: Data?, biometry: Data?) {
        self.possession = possession
        self.knowledge = knowledge
        self.biometry = biometry
    }

    /// The key of one factor, or nil.
    public func key(for factor: SignatureFactor) -> Data? {
        switch factor {
        case .possession: possession
        case .knowledge: knowledge
        case .biometry: biometry
        }
    }

    /// The keys for `type` in component order; throws when one is missing or not 16 bytes.
    public func keys(for type: SignatureType) throws(PowerAuthError) -> [Data] {
        var keys: [Data] = []
        for factor in type.factors {
            guard let key = key(for: factor) else {
                throw PowerAuthError(.missingFactorKey, "the \(factor.rawValue) key is needed for \(type.rawValue)")
            }
            guard key.count == 16 else {
                throw PowerAuthError(.length, "the \(factor.rawValue) key must be 16 bytes, not \(key.count)")
            }
            keys.append(key)
        }
        return keys
    }
}
