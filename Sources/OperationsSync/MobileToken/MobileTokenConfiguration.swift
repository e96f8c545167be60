public import FoundationEssentials

/// How a `MobileTokenClient` behaves: language, request serialisation and its clock.
public struct MobileTokenConfiguration: Sendable {
    /// `Accept-Language` of every call (the server localises texts by its language part); nil leaves the HTTP
    /// client's identity header.
    public var language: String?
    /// Which requests wait for each other.
    public var serialization: RequestSerialization
    /// The device clock (tests inject one).
    public var now: @Sendable () -> Date
    /// Creates the `possession_universal` token when the activation has none and replaces a refused one; nil signs
    /// with the token the activation holds, or fails without one.
    public var tokenProvisioner: (any TokenProvisioning)?
    /// Encrypts the requests of endpoints with an `encryption` scope and opens their answers; nil refuses such
    /// endpoints (`encryptionUnavailable`, nothing sent).
    public var encryptor: PowerAuthEncryptor?
    /// PowerAuth's server-synchronised clock (normally the enrollment client's): once it knows an offset,
    /// `MobileTokenClient.serverDate()` (proximity-check and pre-approval timestamps) reads it; nil uses the offset
    /// learnt from `currentTimestamp`.
    public var serverClock: ServerClock?

    /// Makes a configuration: language from the HTTP client, `serialSigned`, the system clock, no token provisioning,
    /// no encryptor, no server clock.
    public init(
        language: String? = nil, serialization: RequestSerialization = .serialSigned,
        now: @escaping @Sendable () -> Date = { Date() }, tokenProvisioner: (any TokenProvisioning)? = nil,
        encryptor: PowerAuthEncryptor? = nil, serverClock: ServerClock? = nil
    ) {
        self.language = language
        self.serialization = serialization
        self.now = now
        self.tokenProvisioner = tokenProvisioner
        self.encryptor = encryptor
        self.serverClock = serverClock
    }
}
