public import Foundation
public import HTTPTypes
import QRAuthEncoding

/// A complete response: status, headers (case-insensitive) and the body in memory.
public struct HTTPResponse: Sendable {
    /// The response status: swift-http-types' (code, reason phrase, `kind`).
    public typealias Status = HTTPTypes.HTTPResponse.Status

    /// The URL the request went to.
    public var url: URL
    /// The status and the reason phrase the server sent, for example `200 OK`.
    public var status: Status
    /// The response headers in the order received.
    public var headers: HTTPHeaderFields
    /// The body bytes (empty for HEAD and 204).
    public var body: Data

    /// Makes a response (interceptor and parser tests build these by hand).
    public init(url: URL, status: Status, headers: HTTPHeaderFields = [:], body: Data = Data()) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Makes a response with a status code (0...999) and reason phrase.
    public init(
        url: URL, statusCode: Int, reasonPhrase: String = "", headers: HTTPHeaderFields = [:], body: Data = Data()
    ) {
        self.init(url: url, status: Status(code: statusCode, reasonPhrase: reasonPhrase), headers: headers, body: body)
    }

    /// The status code, for example 200.
    public var statusCode: Int { status.code }

    /// The reason phrase the server sent, for example `OK`.
    public var reasonPhrase: String { status.reasonPhrase }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { status.kind == .successful }

    /// The body as bytes.
    public var bytes: [UInt8] { Array(body) }

    /// The body as UTF-8 text (invalid sequences become U+FFFD).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Decodes the body as JSON.
    public func decodeJSON<Value: Decodable>(
        _ type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    )
        throws(HTTPClientError) -> Value
    {
        do {
            return try JSONDuplicateKeys.decode(type, from: body, decoder: decoder)
        } catch let error as DecodingError {
            throw HTTPClientError(.jsonDecode, "response of \(url.host ?? "server") is not \(type): \(error.summary)")
        } catch {
            throw HTTPClientError(.jsonDecode, "response of \(url.host ?? "server") is not \(type)")
        }
    }
}
