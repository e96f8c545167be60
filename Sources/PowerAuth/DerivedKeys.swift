public import FoundationEssentials

/// The symmetric keys derived from `KEY_MASTER_SECRET` by index.
public struct DerivedKeys: Sendable, Equatable {
    /// `KEY_SIGNATURE_POSSESSION = KDF(master, 1)`.
    public var possession: Data
    /// `KEY_SIGNATURE_KNOWLEDGE = KDF(master, 2)`.
    public var knowledge: Data
    /// `KEY_SIGNATURE_BIOMETRY = KDF(master, 3)`.
    public var biometry: Data
    /// `KEY_TRANSPORT = KDF(master, 1000)`.
    public var transport: Data
    /// `KEY_ENCRYPTION_VAULT = KDF(master, 2000)`.
    public var vault: Data

    /// Derives every key from a 16-byte master secret.
    public init(masterSecret: some DataProtocol) throws(PowerAuthError) {
        possession = try KeyDerivation.derive(masterSecret, index: 1)
        knowledge = try KeyDerivation.derive(masterSecret, index: 2)
        biometry = try KeyDerivation.derive(masterSecret, index: 3)
        transport = try KeyDerivation.derive(masterSecret, index: 1000)
        vault = try KeyDerivation.derive(masterSecret, index: 2000)
    }

    /// The three signature keys as factor keys.
    public var factorKeys: FactorKeys {
        FactorKeys(possession: possession, knowledge: knowledge, biometry: biometry)
    }

    /// `KEY_TRANSPORT_IV = KDF(KEY_TRANSPORT, 3000)`.
    package static func transportIVKey(transport: some DataProtocol) throws(PowerAuthError) -> Data {
        try KeyDerivation.derive(transport, index: 3000)
    }

    /// `KEY_TRANSPORT_CTR = KDF(KEY_TRANSPORT, 4000)`.
    package static func transportCounterKey(transport: some DataProtocol) throws(PowerAuthError) -> Data {
        try KeyDerivation.derive(transport, index: 4000)
    }
}
