/// `{"jwt"}` of `/pa/v3/keystore/create`: the ES256 response JWT, inside `ResponseEnvelope`.
package struct KeystoreCreateResponse: Codable, Sendable, Equatable {
    /// The compact JWS.
    package let jwt: String

    /// Makes a response.
    package init(jwt: String) {
        self.jwt = jwt
    }
}
