/// The 2026 `domainsConfig`: which domains need pinning. Trusted only from a challenge-verified body.
public struct DomainsConfig: Sendable, Hashable, Codable {
    /// One listed domain.
    public struct Domain: Sendable, Hashable, Codable {
        /// The common name it applies to.
        public var name: String
        /// Whether certificates for it must match a pin.
        public var sslPinningRequired: Bool

        /// Makes a domain rule.
        public init(name: String, sslPinningRequired: Bool) {
            self.name = name
            self.sslPinningRequired = sslPinningRequired
        }
    }

    /// The rule for names not listed.
    public var sslPinningRequiredForUnlisted: Bool
    /// The listed domains.
    public var domains: [Domain]

    /// Makes a configuration.
    public init(sslPinningRequiredForUnlisted: Bool, domains: [Domain]) {
        self.sslPinningRequiredForUnlisted = sslPinningRequiredForUnlisted
        self.domains = domains
    }

    /// Whether `commonName` must match a pin.
    public func isPinningRequired(for commonName: String) -> Bool {
        domains.first { $0.name == commonName }?.sslPinningRequired ?? sslPinningRequiredForUnlisted
    }

    static func decode(_ value: OrderedJSON) throws(FingerprintListError) -> DomainsConfig {
        guard case .object = value, case .bool(let unlisted)? = value["sslPinningRequiredForUnlisted"] else {
            throw FingerprintListError(
                .wrongType, "domainsConfig needs an object with a boolean sslPinningRequiredForUnlisted")
        }
        var domains: [Domain] = []
        if let list = value["domains"] {
            guard case .array(let items) = list else {
                throw FingerprintListError(.wrongType, "domainsConfig.domains is \(list.typeName), expected an array")
            }
            for (index, item) in items.enumerated() {
                guard case .string(let name)? = item["name"], case .bool(let required)? = item["sslPinningRequired"]
                else {
                    throw FingerprintListError(
                        .wrongType,
                        "domainsConfig.domains[\(index)] needs a string name and a boolean sslPinningRequired")
                }
                domains.append(Domain(name: name, sslPinningRequired: required))
            }
        }
        return DomainsConfig(sslPinningRequiredForUnlisted: unlisted, domains: domains)
    }
}
