package import FoundationEssentials

/// What a PowerAuth signature covers: method, uriId, nonce and body.
package struct SignedRequest: Sendable, Equatable {
    /// The methods the mobile SDK signs.
    package static let methods: Set<String> = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH"]
    /// The application secret offline signatures use instead of the real one.
    package static let offlineSecret = "offline"

    /// Upper-case HTTP method.
    package let method: String
    /// The agreed resource identifier, e.g. `/pa/signature/validate`.
    package let uriId: String
    /// The nonce as its Base64 text, inserted verbatim.
    package let nonce: String
    /// The body bytes (for GET: the canonical query string).
    package let body: Data

    /// Makes a request description; the method is upper-cased and must be one PowerAuth signs.
    package init(method: String, uriId: String, nonce: String, body: Data) throws(PowerAuthError) {
        let upper = method.uppercased()
        guard Self.methods.contains(upper) else {
            throw PowerAuthError(.method, "PowerAuth does not sign the HTTP method '\(method)'")
        }
        self.method = upper
        self.uriId = uriId
        self.nonce = nonce
        self.body = body
    }

    /// `METHOD&B64(uriId)&NONCE&B64(BODY)`: what the server API receives, without the secret.
    package var requestData: String {
        [method, Data(uriId.utf8).base64EncodedString(), nonce, body.base64EncodedString()].joined(separator: "&")
    }

    /// `UTF8(requestData & applicationSecret)`: the bytes the signature components are computed over.
    package func normalizedData(applicationSecret: String) -> Data {
        Data((requestData + "&" + applicationSecret).utf8)
    }
}
