public import FoundationEssentials
public import HTTPTypes
import QRAuthEncoding

extension HTTPExchange {
    /// A request: swift-http-types' head (method, scheme, authority, path with query, header fields) and the body
    /// bytes, with how it is signed and its timeout.
    ///
    /// As the caller builds it, a head without scheme and authority is relative: its path is appended to the client's
    /// base URL. What request interceptors and the signer see is the resolved request: absolute, with every header
    /// that will be sent (`Host` and `Content-Length` are added last) and the exact body bytes.
    public struct Request: Sendable {
        /// The head: method, scheme, authority, path (with the query) and header fields.
        public var head: HTTPRequest
        /// The body bytes, sent verbatim.
        public var body: Data
        /// How the request is authorised (the client calls its signer for signed kinds).
        public var kind: Endpoint.Kind
        /// A timeout for this request that overrides the client's `requestTimeout` (set on a resolved request).
        public var timeout: Duration?
        /// The authentication a signed or token-signed request is signed with, handed to the client's signer in
        /// `RequestSigningInput.signing` (nil: possession only). API clients set it per call.
        public var signing: SigningContext?

        /// Makes a request from a head and body bytes.
        public init(head: HTTPRequest, body: Data = Data(), kind: Endpoint.Kind = .basic, timeout: Duration? = nil) {
            self.head = head
            self.body = body
            self.kind = kind
            self.timeout = timeout
        }

        /// Makes a request to a path under the base URL (already percent-encoded); the query items are
        /// percent-encoded and appended in order, and the body's content type is added unless `headers` has one.
        public init(
            _ method: HTTPRequest.Method, _ path: String, query: [HTTPQueryItem] = [], headers: HTTPFields = [:],
            body: HTTPBody = .empty, kind: Endpoint.Kind = .basic, timeout: Duration? = nil
        ) {
            let (bytes, contentType) = body.encoded
            var fields = headers
            if let contentType, !fields.contains(.contentType) {
                fields.append(HTTPField(name: .contentType, value: contentType))
            }
            self.init(
                head: HTTPRequest(
                    method: method, scheme: nil, authority: nil, path: Self.appending(query, to: path),
                    headerFields: fields),
                body: bytes, kind: kind, timeout: timeout)
        }

        /// Makes a request to an absolute URL.
        public init(
            _ method: HTTPRequest.Method, url: URL, query: [HTTPQueryItem] = [], headers: HTTPFields = [:],
            body: HTTPBody = .empty, kind: Endpoint.Kind = .basic, timeout: Duration? = nil
        ) {
            self.init(method, "", query: [], headers: headers, body: body, kind: kind, timeout: timeout)
            let parts = Self.split(Self.appending(query, to: url.absoluteString))
            head.scheme = parts.scheme
            head.authority = parts.authority
            head.path = parts.path
        }

        /// Makes a request to an endpoint: its method, path and kind.
        public init(
            _ endpoint: Endpoint, body: HTTPBody = .empty, query: [HTTPQueryItem] = [], headers: HTTPFields = [:],
            timeout: Duration? = nil
        ) {
            self.init(
                endpoint.method, endpoint.path, query: query, headers: headers, body: body, kind: endpoint.kind,
                timeout: timeout)
        }

        /// Whether the head names its own scheme and authority (an absolute URL) rather than a path under the base URL.
        public var isAbsolute: Bool { head.scheme != nil && head.authority != nil }

        /// The absolute URL of a resolved or absolute request (`scheme://authority/path?query`); nil for a relative one.
        public var url: URL? {
            guard let scheme = head.scheme, let authority = head.authority else { return nil }
            return URL(string: "\(scheme)://\(authority)\(head.path ?? "")")
        }

        /// `path` with the query items appended (`?` or `&`), percent-encoded, in order.
        static func appending(_ query: [HTTPQueryItem], to path: String) -> String {
            guard !query.isEmpty else { return path }
            return path + (path.contains("?") ? "&" : "?")
                + PercentEncoding.encodePairs(query.map { ($0.name, $0.value) })
        }

        /// An absolute URL's text taken apart: the scheme, the authority (user info, host, port, as written) and the
        /// path with the query (the fragment is not sent).
        static func split(_ text: String) -> (scheme: String?, authority: String?, path: String) {
            guard let schemeEnd = text.firstRange(of: "://") else { return (nil, nil, text) }
            let scheme = String(text[..<schemeEnd.lowerBound])
            let rest = text[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            var path = rest[authorityEnd...]
            if let hash = path.firstIndex(of: "#") { path = path[..<hash] }
            return (scheme, String(rest[..<authorityEnd]), String(path))
        }
    }
}
