/// A signed online request's header and the counter it spent; give it back to
/// `DeviceTransactions.confirm(_:)` when the server accepted the request.
public struct OnlineSignature: Sendable, Equatable {
    /// The `X-PowerAuth-Authorization` header.
    public var header: AuthorizationHeader
    /// The numeric counter the signature was computed with.
    public var counter: UInt64
}
