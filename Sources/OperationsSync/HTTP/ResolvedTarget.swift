import FoundationEssentials
import NIOCore

/// Where a request goes, taken apart for the connection: scheme, host, port and the request target.
struct ResolvedTarget: Sendable {
    let key: ConnectionKey
    /// The origin-form request target: percent-encoded path and query.
    let requestURI: String
    /// The `Host` header value.
    let hostHeader: String

    var host: String { key.host }
    var port: Int { key.port }
    var usesTLS: Bool { key.usesTLS }

    init(_ url: URL, allowInsecureHTTP: Bool) throws(HTTPClientError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased()
        else {
            throw HTTPClientError(.invalidURL, "\(url.absoluteString.prefix(200)) is not an absolute URL")
        }
        let usesTLS: Bool
        switch scheme {
        case "https": usesTLS = true
        case "http":
            guard allowInsecureHTTP else {
                throw HTTPClientError(
                    .insecureHTTPRefused,
                    "plain http:// to \(components.host ?? "?") refused (allowInsecureHTTP is off)")
            }
            usesTLS = false
        default:
            throw HTTPClientError(.invalidURL, "unsupported URL scheme \"\(scheme)\" (use https)")
        }
        guard var host = components.host, !host.isEmpty else {
            throw HTTPClientError(.invalidURL, "URL has no host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        let defaultPort = usesTLS ? 443 : 80
        let port = components.port ?? defaultPort
        guard (1...65_535).contains(port) else {
            throw HTTPClientError(.invalidURL, "URL port \(port) is out of range")
        }
        var uri = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery {
            uri += "?" + query
        }
        let isIPv6 = host.contains(":")
        let hostPart = isIPv6 ? "[\(host)]" : host
        self.key = ConnectionKey(usesTLS: usesTLS, host: host.lowercased(), port: port)
        self.requestURI = uri
        self.hostHeader = port == defaultPort ? hostPart : "\(hostPart):\(port)"
    }

    /// Whether the host is an IP address literal (no SNI; the certificate must name the IP).
    var hostIsIPAddress: Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
