public import HTTPTypes
public import OfflineOperations

/// A server endpoint as a value: method, path (relative to the base URL) and how it is authorised.
///
/// The kinds follow the Mobile Token SDKs: `basic` is sent as is, `signed` carries a PowerAuth signature
/// (`X-PowerAuth-Authorization`) over the exact body bytes with a `uriId` and a factor, `tokenSigned` carries a
/// PowerAuth token header (`X-PowerAuth-Token`) made with a named token. The client asks its `RequestSigner` for
/// the header of the two signed kinds.
///
/// Any kind may also carry an `encryption` scope, as the SDK's endpoints take an encryptor: `MobileTokenClient`
/// then encrypts the request object with ECIES (`/pa/generic/application` or `/pa/generic/activation`), signs or
/// token-signs the encrypted body, and decrypts the answer (see `PowerAuthEncryptor`).
public struct Endpoint: Sendable, Hashable {
    /// How a request to the endpoint is authorised.
    public enum Kind: Sendable, Hashable {
        /// Unsigned.
        case basic
        /// A PowerAuth signature over the body with this `uriId` and factor combination.
        case signed(uriId: String, factor: SignatureType)
        /// A PowerAuth token header made with the named token (for example `possession_universal`).
        case tokenSigned(tokenName: String)
    }

    /// The end-to-end encryption of an endpoint (PowerAuth ECIES, the generic purposes of spec §1.3).
    public enum Encryption: String, Sendable, Hashable, CaseIterable {
        /// Application scope (`APPLICATION_SCOPE_GENERIC`, SHARED_INFO_1 `/pa/generic/application`): encrypted to
        /// the master server key (3.3: the application's temporary key); needs no activation on the server.
        case applicationScope = "application"
        /// Activation scope (`ACTIVATION_SCOPE_GENERIC`, `/pa/generic/activation`): encrypted to the activation's
        /// server key (3.3: its temporary key) and bound to the activation's transport key.
        case activationScope = "activation"
    }

    /// The factor combination of a signed endpoint is the one `SignatureType`.
    @available(*, deprecated, renamed: "SignatureType")
    public typealias FactorCombination = SignatureType

    /// The HTTP method (Mobile Token API endpoints are all POST).
    public var method: HTTPRequest.Method
    /// The path appended to the client's base URL, for example `/api/auth/token/app/operation/list`.
    public var path: String
    /// How requests are authorised.
    public var kind: Kind
    /// The end-to-end encryption of the request object and answer; nil sends them in the clear (in the Mobile
    /// Token envelopes).
    public var encryption: Encryption?

    /// Makes an endpoint.
    public init(
        _ method: HTTPRequest.Method = .post, _ path: String, kind: Kind = .basic, encryption: Encryption? = nil
    ) {
        self.method = method
        self.path = path
        self.kind = kind
        self.encryption = encryption
    }
}
