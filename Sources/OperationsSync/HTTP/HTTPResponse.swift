public import Foundation
import QRAuthEncoding

/// A complete response: status, headers (case-insensitive) and the body in memory.
public struct HTTPResponse: Sendable {
    /// The URL the request went to.
    public var url: URL
    /// The status code, for example 200.
    public var statusCode: Int
    /// The reason phrase the server sent, for example `OK`.
    public var reasonPhrase: String
    /// The response headers in the order received.
    public var headers: HTTPHeaderFields
    /// The body bytes (empty for HEAD and 204).
    public var body: Data

    /// Makes a response (interceptor and parser tests build these by hand).
    public init(
        url: URL, statusCode: Int, reasonPhrase: String = "", headers: HTTPHeaderFields = [:], body: Data = Data()
    ) {
        self.url = url
        self.statusCode = statusCode
        self.reasonPhrase = reasonPhrase
        self.headers = headers
        self.body = body
    }

    /// The status class.
    public var statusClass: HTTPStatusClass { HTTPStatusClass(statusCode: statusCode) }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { statusClass == .success }

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
