public import FoundationEssentials
public import HTTPTypes
import QRAuthEncoding

extension HTTPExchange {
    /// A complete response: swift-http-types' head (status with reason phrase, header fields) and the body in memory,
    /// with the URL the request went to.
    public struct Response: Sendable {
        /// The URL the request went to.
        public var url: URL
        /// The head: status (code, reason phrase, `kind`) and header fields in the order received.
        public var head: HTTPResponse
        /// The body bytes (empty for HEAD and 204).
        public var body: Data

        /// Makes a response from a head and body bytes.
        public init(url: URL, head: HTTPResponse, body: Data = Data()) {
            self.url = url
            self.head = head
            self.body = body
        }

        /// Makes a response (interceptor and parser tests build these by hand).
        public init(url: URL, status: HTTPResponse.Status, headerFields: HTTPFields = [:], body: Data = Data()) {
            self.init(url: url, head: HTTPResponse(status: status, headerFields: headerFields), body: body)
        }

        /// Makes a response with a status code (0...999) and reason phrase.
        public init(
            url: URL, statusCode: Int, reasonPhrase: String = "", headerFields: HTTPFields = [:], body: Data = Data()
        ) {
            self.init(
                url: url, status: HTTPResponse.Status(code: statusCode, reasonPhrase: reasonPhrase),
                headerFields: headerFields, body: body)
        }

        /// The status and the reason phrase the server sent, for example `200 OK`.
        public var status: HTTPResponse.Status {
            get { head.status }
            set { head.status = newValue }
        }

        /// The response header fields in the order received.
        public var headerFields: HTTPFields {
            get { head.headerFields }
            set { head.headerFields = newValue }
        }

        /// The status code, for example 200.
        public var statusCode: Int { head.status.code }

        /// The reason phrase the server sent, for example `OK`.
        public var reasonPhrase: String { head.status.reasonPhrase }

        /// Whether the status is 2xx.
        public var isSuccess: Bool { head.status.kind == .successful }

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
                throw HTTPClientError(
                    .jsonDecode, "response of \(url.host ?? "server") is not \(type): \(error.summary)")
            } catch {
                throw HTTPClientError(.jsonDecode, "response of \(url.host ?? "server") is not \(type)")
            }
        }
    }
}
