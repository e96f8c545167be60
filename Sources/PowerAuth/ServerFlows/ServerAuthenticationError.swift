/// Why a server flow refused to authenticate a request: a stable `kind` the caller maps to its answer, and the
/// human reason (for logs; never key material).
package struct ServerAuthenticationError: Error, Sendable, Equatable {
    /// What went wrong.
    package enum Kind: String, Sendable {
        /// The header is absent.
        case headerMissing
        /// The header does not parse.
        case headerMalformed
        /// The signature type is not one the endpoint allows.
        case signatureTypeNotAllowed
        /// The token or activation the header names is unknown, or not in a state that may authenticate.
        case unknownCredential
        /// The digest or signature does not match, the timestamp is outside the window, or the nonce was used.
        case rejected
        /// The server's own key material is unusable.
        case serverKeys
    }

    /// What went wrong.
    package let kind: Kind
    /// One human sentence.
    package let reason: String

    /// Makes an error.
    package init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
