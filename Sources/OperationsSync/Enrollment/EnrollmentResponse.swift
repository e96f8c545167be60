import FoundationEssentials
import MobileTokenAPI
import QRAuthEncoding

/// Reads `/pa/v3` answers: error envelopes (never encrypted) first, then the plain envelope or the bare ECIES body.
enum EnrollmentResponse {
    /// Throws the typed error of an `ERROR` envelope (any status), or of a non-200 answer without one.
    static func checkFailure(_ response: HTTPExchange.Response, endpoint: String) throws(EnrollmentError) {
        if let envelope = try? JSONDecoder().decode(ResponseEnvelope<EmptyPayload>.self, from: response.body),
            case .error(let body) = envelope.outcome
        {
            let message = body.message.prefix(300)
            throw EnrollmentError(
                EnrollmentError.code(forServerCode: body.code),
                "\(endpoint) failed: \(body.code.prefix(100)) \(message) (HTTP \(response.statusCode))",
                serverCode: body.code, serverMessage: body.message, httpStatus: response.statusCode)
        }
        guard response.statusCode == 200 else {
            throw EnrollmentError(
                .statusCode, "\(endpoint) answered HTTP \(response.statusCode) without an error envelope",
                httpStatus: response.statusCode)
        }
    }

    /// The `responseObject` of an OK envelope.
    static func enveloped<Payload: Decodable & Sendable>(
        _ response: HTTPExchange.Response, endpoint: String, as type: Payload.Type = Payload.self
    ) throws(EnrollmentError) -> Payload {
        try checkFailure(response, endpoint: endpoint)
        let envelope: ResponseEnvelope<Payload>
        do {
            envelope = try JSONDuplicateKeys.decode(ResponseEnvelope<Payload>.self, from: response.body)
        } catch {
            let detail = (error as? DecodingError)?.summary ?? "not JSON"
            throw EnrollmentError(
                .invalidResponse, "\(endpoint) answered 200 with an unexpected body: \(detail)", httpStatus: 200)
        }
        guard case .ok(let payload) = envelope.outcome else {
            throw EnrollmentError(.invalidResponse, "\(endpoint) answered an error", httpStatus: 200)
        }
        return payload
    }

    /// A bare JSON body (the encrypted answers of `activation/create` and `token/create`).
    static func bare<Body: Decodable>(
        _ response: HTTPExchange.Response, endpoint: String, as type: Body.Type = Body.self
    ) throws(EnrollmentError) -> Body {
        try checkFailure(response, endpoint: endpoint)
        do {
            return try JSONDuplicateKeys.decode(Body.self, from: response.body)
        } catch {
            let detail = (error as? DecodingError)?.summary ?? "not JSON"
            throw EnrollmentError(
                .invalidResponse, "\(endpoint) answered 200 with an unexpected body: \(detail)", httpStatus: 200)
        }
    }
}
