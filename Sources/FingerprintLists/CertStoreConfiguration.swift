public import FoundationEssentials

/// Everything a `CertStore` is configured with (the upstream `CertStoreConfiguration`).
public struct CertStoreConfiguration: Sendable {
    /// Where the list is downloaded from.
    public let serviceURL: URL
    /// The key the list (or the challenge response) must be signed with.
    public let publicKey: PinningPublicKey
    /// Challenge mode: the whole `/app/init` body is signed with a fresh challenge.
    public let useChallenge: Bool
    /// When set, only these common names can ever be trusted (exact, case-sensitive).
    public let expectedCommonNames: [String]?
    /// The storage key (`default` when nil); one store file per identifier.
    public let identifier: String?
    /// Entries bundled with the app: never persisted, signatures never checked.
    public let fallbackCertificates: [FingerprintEntry]
    /// The longest wait between updates, seconds (default one week).
    public let periodicUpdateInterval: Int64
    /// Remaining validity below which updates come sooner, seconds (default two weeks).
    public let expirationUpdateThreshold: Int64
    /// How the store's own download validates TLS.
    public let tlsValidation: TLSValidationStrategy

    /// One week.
    public static let defaultPeriodicUpdateInterval: Int64 = 7 * 86_400
    /// Two weeks.
    public static let defaultExpirationUpdateThreshold: Int64 = 14 * 86_400

    /// Makes a configuration. Throws for negative intervals, an unusable identifier or fallback
    /// data that is not a fingerprint list (upstream iOS stops the app for these).
    public init(
        serviceURL: URL,
        publicKey: PinningPublicKey,
        useChallenge: Bool = false,
        expectedCommonNames: [String]? = nil,
        identifier: String? = nil,
        fallbackCertificatesData: Data? = nil,
        periodicUpdateInterval: Int64 = CertStoreConfiguration.defaultPeriodicUpdateInterval,
        expirationUpdateThreshold: Int64 = CertStoreConfiguration.defaultExpirationUpdateThreshold,
        tlsValidation: TLSValidationStrategy = .default
    ) throws(FingerprintListError) {
        guard periodicUpdateInterval >= 0, expirationUpdateThreshold >= 0 else {
            throw FingerprintListError(.invalidConfiguration, "update intervals must not be negative")
        }
        if let identifier {
            let allowed = identifier.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
                default: false
                }
            }
            guard allowed, !identifier.isEmpty, !identifier.hasPrefix("."), identifier.count <= 128 else {
                throw FingerprintListError(
                    .invalidConfiguration,
                    "the identifier \"\(identifier)\" must be 1-128 characters of [A-Za-z0-9._-], not starting with '.'"
                )
            }
        }
        var fallback: [FingerprintEntry] = []
        if let fallbackCertificatesData {
            do {
                fallback = try FingerprintList.decodeFallback(fallbackCertificatesData).entries
            } catch {
                throw FingerprintListError(error.code, "fallback data: \(error.reason)")
            }
        }
        self.serviceURL = serviceURL
        self.publicKey = publicKey
        self.useChallenge = useChallenge
        self.expectedCommonNames = expectedCommonNames
        self.identifier = identifier
        self.fallbackCertificates = fallback
        self.periodicUpdateInterval = periodicUpdateInterval
        self.expirationUpdateThreshold = expirationUpdateThreshold
        self.tlsValidation = tlsValidation
    }

    /// The storage key: the identifier, or `default`.
    public var storageKey: String { identifier ?? "default" }
}
