/// `{"tokenId"}` of `/pa/v3/token/remove`, inside `RequestEnvelope` (PowerAuth spec §4.2).
package struct TokenRemoveRequest: Codable, Sendable, Equatable {
    /// The token to remove.
    package let tokenId: String

    /// Makes a request.
    package init(tokenId: String) {
        self.tokenId = tokenId
    }
}
