/// What a peer certificate evaluator answers.
public enum PeerTrustDecision: Sendable, Hashable {
    /// Go on with the connection.
    case trust
    /// Abort the handshake; the reason goes into `HTTPClientError.pinningDenied` (no secrets).
    case deny(reason: String)
}
