/// `{"jwt"}` of `/pa/v3/keystore/create`: the HS256 request JWT, inside `RequestEnvelope`.
package struct KeystoreCreateRequest: Codable, Sendable, Equatable {
    /// The compact JWS.
    package let jwt: String

    /// Makes a request.
    package init(jwt: String) {
        self.jwt = jwt
    }
}
