package import OfflineOperations

/// The server side of `X-PowerAuth-Token` authentication as a value, mirroring `TokenDigest.header`: header
/// syntax, a known token of an ACTIVE activation, the digest (constant time), the timestamp window, then the nonce
/// (a replay is refused). The token table and the seen nonces are the caller's state, reached through closures.
package struct ServerTokenAuthentication: Sendable {
    /// What the server keeps of a token.
    package struct StoredToken: Sendable {
        /// The 16-byte secret.
        package var secret: [UInt8]
        /// The activation it belongs to.
        package var activationId: String
        /// That activation's status.
        package var status: ActivationStatus

        /// Makes a stored token.
        package init(secret: some Sequence<UInt8>, activationId: String, status: ActivationStatus) {
            self.secret = Array(secret)
            self.activationId = activationId
            self.status = status
        }
    }

    /// How far the timestamp may be in the past (PowerAuth default 2 h).
    package let pastValidityMillis: Int64
    /// How far the timestamp may be in the future (PowerAuth default 30 min).
    package let futureValidityMillis: Int64

    /// The PowerAuth defaults: 2 h into the past, 30 min into the future.
    package static let standard = ServerTokenAuthentication(
        pastValidityMillis: 7_200_000, futureValidityMillis: 1_800_000)

    /// A check with its own window.
    package init(pastValidityMillis: Int64, futureValidityMillis: Int64) {
        self.pastValidityMillis = pastValidityMillis
        self.futureValidityMillis = futureValidityMillis
    }

    /// Authenticates `headerValue` at `nowMillis`: `token` finds a stored token by id, `recordNonce` remembers the
    /// header's nonce (with its timestamp) and answers false when it was seen before. Returns the header and the
    /// activation id.
    package func authenticate(
        headerValue: String?, nowMillis: Int64, token: (String) -> StoredToken?,
        recordNonce: (_ header: TokenHeader, _ timestampMillis: Int64) -> Bool
    ) throws(ServerAuthenticationError) -> (header: TokenHeader, activationId: String) {
        guard let headerValue else {
            throw ServerAuthenticationError(.headerMissing, "the request has no \(TokenHeader.name) header")
        }
        let header: TokenHeader
        do {
            header = try TokenHeader(parsing: headerValue)
        } catch {
            throw ServerAuthenticationError(.headerMalformed, "\(TokenHeader.name): \(error.reason)")
        }
        guard let stored = token(header.tokenId) else {
            throw ServerAuthenticationError(.unknownCredential, "unknown token_id")
        }
        guard stored.status == .active else {
            throw ServerAuthenticationError(.unknownCredential, "the activation is \(stored.status.rawValue)")
        }
        let verdict: TokenDigest.Verdict
        do {
            verdict = try TokenDigest.verify(
                header, tokenSecret: stored.secret, nowMillis: nowMillis, pastValidityMillis: pastValidityMillis,
                futureValidityMillis: futureValidityMillis)
        } catch {
            throw ServerAuthenticationError(.headerMalformed, "\(TokenHeader.name): \(error.reason)")
        }
        switch verdict {
        case .valid: break
        case .digestMismatch: throw ServerAuthenticationError(.rejected, "the token digest does not match")
        case .expired: throw ServerAuthenticationError(.rejected, "the token timestamp is older than 2 hours")
        case .fromFuture:
            throw ServerAuthenticationError(.rejected, "the token timestamp is more than 30 minutes ahead")
        }
        guard recordNonce(header, Int64(header.timestamp) ?? nowMillis) else {
            throw ServerAuthenticationError(.rejected, "the token nonce was used before (replay)")
        }
        return (header, stored.activationId)
    }
}
