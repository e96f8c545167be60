package import FoundationEssentials
import OfflineOperations
import QRAuthCrypto

/// The server side of `/pa/v3/token/create` and `/pa/v3/token/remove` as values, mirroring `DeviceTokenFlow`: the
/// request (signed with `ServerSignatureAuthentication.tokenCreate`) is opened in activation scope (`CREATE_TOKEN`),
/// a fresh token is added to the activation and its id and secret are sealed in the answer; removal drops a token
/// quietly.
package struct ServerTokenFlow: Sendable {
    /// The protocol version of the request (`pa_version` of its signature header).
    package let version: ProtocolVersion

    /// A flow for one protocol version.
    package init(version: ProtocolVersion) {
        self.version = version
    }

    /// The encryption of a token request of `activation`.
    package func encryption(for activation: ServerActivation) throws(PowerAuthError) -> ServerEncryptionFlow {
        try ServerEncryptionFlow(version: version, encryptorId: .createToken, activation: activation)
    }

    /// A fresh token: a lower-case UUID and 16 random bytes.
    package static func newToken() -> TokenCredential {
        TokenCredential(id: UUID().uuidString.lowercased(), secret: SecureRandom.bytes(count: 16))
    }

    /// Adds `token` to an ACTIVE activation, keeping at most `limit` tokens (the oldest go first).
    package static func add(
        _ token: TokenCredential, to activation: inout ServerActivation, limit: Int = .max
    ) throws(PowerAuthError) {
        guard activation.counters.status == .active else {
            throw PowerAuthError(.activationRemoved, "the activation is not ACTIVE")
        }
        activation.tokens.append(token)
        if activation.tokens.count > limit { activation.tokens.removeFirst(activation.tokens.count - limit) }
    }

    /// Removes the token `id` from `activation`; false when it had none of that id.
    @discardableResult
    package static func remove(_ id: String, from activation: inout ServerActivation) -> Bool {
        guard activation.tokens.contains(where: { $0.id == id }) else { return false }
        activation.tokens.removeAll { $0.id == id }
        return true
    }

    /// The answer body: `{tokenId, tokenSecret}` sealed for the opened request, dated `timestampMillis`.
    package func answer(
        _ token: TokenCredential, request: ServerEncryptionFlow.Opened, timestampMillis: Int64
    ) throws(PowerAuthError) -> Data {
        try request.seal(
            try ECIESBody.encode(TokenCreatePayload(tokenId: token.id, tokenSecret: token.secret)),
            timestampMillis: timestampMillis)
    }
}
