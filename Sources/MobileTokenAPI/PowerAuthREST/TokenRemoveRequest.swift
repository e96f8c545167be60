/// `{"tokenId"}` of `/pa/v3/token/remove`, inside `RequestEnvelope`.
package struct TokenRemoveRequest: Codable, Sendable, Equatable {
    /// The token to remove.
    package let tokenId: String

    /// Makes a request.
    package init(tokenId: String) {
        self.tokenId = tokenId
    }
}
