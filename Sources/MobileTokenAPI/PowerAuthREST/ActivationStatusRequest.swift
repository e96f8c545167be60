/// `{"activationId","challenge"}` of `/pa/v3/activation/status`, inside `RequestEnvelope`.
package struct ActivationStatusRequest: Codable, Sendable, Equatable {
    /// The activation id.
    package let activationId: String
    /// Base64 of 16 random bytes (3.1+); feeds the status blob IV.
    package let challenge: String?

    /// Makes a request.
    package init(activationId: String, challenge: String?) {
        self.activationId = activationId
        self.challenge = challenge
    }
}
