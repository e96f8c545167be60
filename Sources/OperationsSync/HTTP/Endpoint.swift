/// A server endpoint as a value: method, path (relative to the base URL) and how it is authorised.
///
/// The kinds follow the Mobile Token SDKs: `basic` is sent as is, `signed` carries a PowerAuth signature
/// (`X-PowerAuth-Authorization`) over the exact body bytes with a `uriId` and a factor, `tokenSigned` carries a
/// PowerAuth token header (`X-PowerAuth-Token`) made with a named token. The client asks its `RequestSigner` for
/// the header of the two signed kinds.
public struct Endpoint: Sendable, Hashable {
    /// How a request to the endpoint is authorised.
    public enum Kind: Sendable, Hashable {
        /// Unsigned.
        case basic
        /// A PowerAuth signature over the body with this `uriId` and factor.
        case signed(uriId: String, factor: FactorCombination)
        /// A PowerAuth token header made with the named token (for example `possession_universal`).
        case tokenSigned(tokenName: String)
    }

    /// The PowerAuth factor combination of a signed endpoint.
    public enum FactorCombination: String, Sendable, Hashable, CaseIterable {
        /// Possession only.
        case possession
        /// Possession and knowledge (the password).
        case possessionKnowledge = "possession_knowledge"
        /// Possession and biometry.
        case possessionBiometry = "possession_biometry"
        /// Possession, knowledge and biometry.
        case possessionKnowledgeBiometry = "possession_knowledge_biometry"
    }

    /// The HTTP method (Mobile Token API endpoints are all POST).
    public var method: HTTPMethod
    /// The path appended to the client's base URL, for example `/api/auth/token/app/operation/list`.
    public var path: String
    /// How requests are authorised.
    public var kind: Kind

    /// Makes an endpoint.
    public init(_ method: HTTPMethod = .post, _ path: String, kind: Kind = .basic) {
        self.method = method
        self.path = path
        self.kind = kind
    }
}
