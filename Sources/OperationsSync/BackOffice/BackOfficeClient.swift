import FoundationEssentials
import HTTPTypes
public import MobileTokenAPI
import QRAuthEncoding

/// A client of the PowerAuth server back-office REST API (`/rest/v3/*`).
///
/// Built on any `HTTPClient` whose base URL is the REST base (for example
/// `http://host:8080/powerauth-java-server/rest`); TLS, pinning and logging are that client's. With credentials every
/// request carries HTTP Basic (`restrictAccess` servers). Answers are read by the envelope: `OK` gives the payload,
/// `ERROR` a `server` error with its `ERR00nn`, and a body that is not an envelope a `statusCode` (non-200) or
/// `invalidResponse` (200) error — never a success.
public struct BackOfficeClient: Sendable {
    let http: any HTTPClient
    /// The Basic credentials, if any.
    public let credentials: BackOfficeCredentials?

    /// Makes a client over an HTTP client.
    public init(httpClient: any HTTPClient, credentials: BackOfficeCredentials? = nil) {
        self.http = httpClient
        self.credentials = credentials
    }

    /// Calls one endpoint with a `requestObject` and reads its `responseObject`.
    public func send<Request: Encodable & Sendable, Response: Decodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, _ requestObject: Request, expecting: Response.Type = Response.self
    ) async throws(BackOfficeError) -> BackOfficeResponse<Response> {
        let body: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            body = try encoder.encode(RequestEnvelope(requestObject: requestObject))
        } catch {
            throw BackOfficeError(.invalidRequest, "cannot encode the request of \(endpoint.rawValue)")
        }
        var headers: HTTPFields = [.accept: "application/json"]
        if let credentials { headers[.authorization] = credentials.authorization }
        let request = HTTPExchange.Request(.post, endpoint.rawValue, headers: headers, body: .json(body))
        switch await SignedExchange.send(request, over: http, authentication: nil) {
        case .success(let response): return try Self.read(response, endpoint: endpoint.rawValue)
        case .failure(.transport(let error)): throw BackOfficeError(error)
        case .failure(.signer(let failure)):
            throw BackOfficeError(.invalidRequest, "cannot sign \(endpoint.rawValue): \(failure.reason)")
        }
    }

    /// Calls an endpoint that takes no input (`{"requestObject":{}}`).
    public func send<Response: Decodable & Sendable>(
        _ endpoint: BackOffice.Endpoint, expecting: Response.Type = Response.self
    ) async throws(BackOfficeError) -> BackOfficeResponse<Response> {
        try await send(endpoint, EmptyPayload(), expecting: expecting)
    }

    /// Reads an answer: an ERROR envelope wins over the status; an OK envelope is the answer; anything else is a
    /// `statusCode` error on a non-200 status and `invalidResponse` on 200.
    static func read<Response: Decodable & Sendable>(
        _ response: HTTPExchange.Response, endpoint: String
    ) throws(BackOfficeError) -> BackOfficeResponse<Response> {
        let decoder = JSONDecoder()
        let envelope: ResponseEnvelope<JSONValue>
        do {
            envelope = try JSONDuplicateKeys.decode(
                ResponseEnvelope<JSONValue>.self, from: response.body, decoder: decoder)
        } catch {
            throw notAnEnvelope(response, endpoint: endpoint, detail: (error as? DecodingError)?.summary)
        }
        switch envelope.outcome {
        case .error(let body):
            let code = BackOfficeErrorCode(code: body.code)
            throw BackOfficeError(
                .server, "\(endpoint) failed: \(body.code) (HTTP \(response.statusCode)): \(body.message.prefix(300))",
                serverCode: code, serverMessage: body.message, httpStatus: response.statusCode)
        case .ok(let raw):
            guard response.statusCode == 200 else {
                throw notAnEnvelope(response, endpoint: endpoint, detail: "an OK envelope with a non-200 status")
            }
            do {
                let typed = try decoder.decode(ResponseEnvelope<Response>.self, from: response.body)
                guard case .ok(let payload) = typed.outcome else { throw UnexpectedOutcome() }
                return BackOfficeResponse(payload: payload, raw: raw)
            } catch {
                let detail = (error as? DecodingError)?.summary ?? "unexpected responseObject"
                throw BackOfficeError(
                    .invalidResponse, "\(endpoint) answered 200 with an unexpected responseObject: \(detail)",
                    httpStatus: response.statusCode)
            }
        }
    }

    private static func notAnEnvelope(
        _ response: HTTPExchange.Response, endpoint: String, detail: String?
    ) -> BackOfficeError {
        let type = response.headerFields[.contentType].map { " (\($0.prefix(60)))" } ?? ""
        if response.statusCode != 200 {
            let hint = response.statusCode == 401 ? "; the server may need --user and a password" : ""
            return BackOfficeError(
                .statusCode,
                "\(endpoint) answered HTTP \(response.statusCode)\(type) without an envelope\(hint)",
                httpStatus: response.statusCode)
        }
        return BackOfficeError(
            .invalidResponse, "\(endpoint) answered 200\(type) without an envelope (\(detail ?? "not JSON"))",
            httpStatus: response.statusCode)
    }
}

/// The typed re-read of an OK envelope did not give an OK outcome (reported as "unexpected responseObject").
private struct UnexpectedOutcome: Error {}
