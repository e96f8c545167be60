/// `{"activationId"}` of `/pa/v3/activation/remove`, inside `ResponseEnvelope`.
package struct ActivationRemoveResponse: Codable, Sendable, Equatable {
    /// The removed activation's id.
    package let activationId: String

    /// Makes a response.
    package init(activationId: String) {
        self.activationId = activationId
    }
}
