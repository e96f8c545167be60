/// The merchant or party of a `PARTY_INFO` attribute.
public struct PartyInfo: Sendable, Hashable, Codable {
    /// The logo URL.
    public var logoURL: String
    /// The name.
    public var name: String
    /// The description.
    public var description: String
    /// The website, when sent.
    public var websiteURL: String?

    /// Makes a party.
    public init(logoURL: String, name: String, description: String, websiteURL: String? = nil) {
        self.logoURL = logoURL
        self.name = name
        self.description = description
        self.websiteURL = websiteURL
    }
}
