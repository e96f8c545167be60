public import HTTPTypes

/// Makes the authorisation header of signed and token-signed endpoints (the PowerAuth layer implements it).
///
/// The client calls it after the request interceptors, so the signature covers the final body. A signer that
/// advances a counter should serialise itself (an actor does).
public protocol RequestSigner: Sendable {
    /// The header to add, for example `X-PowerAuth-Authorization: PowerAuth pa_version="3.3", ...`.
    func authorization(for input: RequestSigningInput) async throws -> HTTPField
    /// Told how the server answered a request carrying `header` (from `authorization(for:)`): its HTTP status, or
    /// nil when no answer arrived. A 2xx means the server accepted the signature. The default does nothing.
    func requestFinished(_ header: HTTPField, statusCode: Int?) async
}

extension RequestSigner {
    /// Does nothing.
    public func requestFinished(_ header: HTTPField, statusCode: Int?) async {}
}
