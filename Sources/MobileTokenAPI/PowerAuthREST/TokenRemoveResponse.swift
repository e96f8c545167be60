/// `{"tokenId"}` of `/pa/v3/token/remove`, inside `ResponseEnvelope`.
package struct TokenRemoveResponse: Codable, Sendable, Equatable {
    /// The removed token's id.
    package let tokenId: String

    /// Makes a response.
    package init(tokenId: String) {
        self.tokenId = tokenId
    }
}
