public import FoundationEssentials
import NIOConcurrencyHelpers
import QRAuthEncoding

/// Cookies received with `Set-Cookie`, sent back with `Cookie` (RFC 6265, simplified). Off unless configured.
///
/// A class because one jar is shared by the requests of a client (and may be shared by several clients).
public final class CookieJar: Sendable {
    private let store: NIOLockedValueBox<[Cookie]>
    private let now: @Sendable () -> Date

    /// Makes an empty jar; `now` is the clock that expires cookies.
    public init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = NIOLockedValueBox([])
        self.now = now
    }

    /// Every cookie that has not expired.
    public var cookies: [Cookie] {
        let date = now()
        return store.withLockedValue { cookies in
            cookies.removeAll { $0.expires.map { $0 <= date } ?? false }
            return cookies
        }
    }

    /// The cookies a request to this URL carries, longest path first.
    public func cookies(for url: URL) -> [Cookie] {
        guard let host = url.host?.lowercased() else { return [] }
        let path = url.path.isEmpty ? "/" : url.path
        let isSecure = url.scheme?.lowercased() == "https"
        return cookies.filter { cookie in
            (cookie.isHostOnly ? host == cookie.domain : Self.domainMatches(host, cookie.domain))
                && Self.pathMatches(path, cookie.path) && (isSecure || !cookie.isSecure)
        }.sorted { $0.path.count > $1.path.count }
    }

    /// Stores the cookies of `Set-Cookie` header values received from a URL; invalid ones are ignored.
    public func store(setCookie values: [String], from url: URL) {
        guard let host = url.host?.lowercased() else { return }
        let date = now()
        for value in values {
            guard let cookie = Self.parse(value, host: host, requestPath: url.path, now: date) else { continue }
            store.withLockedValue { cookies in
                cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
                if cookie.expires.map({ $0 > date }) ?? true {
                    cookies.append(cookie)
                }
            }
        }
    }

    /// Adds or replaces a cookie.
    public func set(_ cookie: Cookie) {
        store.withLockedValue { cookies in
            cookies.removeAll { $0.name == cookie.name && $0.domain == cookie.domain && $0.path == cookie.path }
            cookies.append(cookie)
        }
    }

    /// Forgets every cookie.
    public func removeAll() {
        store.withLockedValue { $0.removeAll() }
    }

    /// The `Cookie` header value for a URL, or nil when no cookie applies.
    func headerValue(for url: URL) -> String? {
        let matching = cookies(for: url)
        return matching.isEmpty ? nil : matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    static func parse(_ header: String, host: String, requestPath: String, now: Date) -> Cookie? {
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace()
        }
        guard !parts.isEmpty, let equals = parts[0].firstIndex(of: "=") else { return nil }
        let name = String(parts[0][..<equals]).trimmingWhitespace()
        let value = String(parts[0][parts[0].index(after: equals)...]).trimmingWhitespace()
        guard !name.isEmpty else { return nil }
        parts.removeFirst()

        var cookie = Cookie(name: name, value: value, domain: host, path: defaultPath(requestPath))
        var maxAge: Int?
        var expires: Date?
        for attribute in parts {
            let pieces = attribute.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            let key = pieces.first?.lowercased() ?? ""
            let argument = pieces.count > 1 ? pieces[1] : ""
            switch key {
            case "domain" where !argument.isEmpty:
                let domain = argument.lowercased().drop { $0 == "." }
                guard domainMatches(host, String(domain)) else { return nil }
                cookie.domain = String(domain)
                cookie.isHostOnly = false
            case "path" where argument.hasPrefix("/"):
                cookie.path = argument
            case "max-age":
                if let seconds = Int(argument) { maxAge = seconds }
            case "expires":
                expires = parseDate(argument)
            case "secure":
                cookie.isSecure = true
            case "httponly":
                cookie.isHTTPOnly = true
            default:
                break
            }
        }
        if let maxAge {
            cookie.expires = now.addingTimeInterval(TimeInterval(max(maxAge, 0) == 0 ? -1 : maxAge))
        } else {
            cookie.expires = expires
        }
        return cookie
    }

    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        host == domain || host.hasSuffix("." + domain)
    }

    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else { return false }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    private static func defaultPath(_ requestPath: String) -> String {
        guard requestPath.hasPrefix("/"), let slash = requestPath.lastIndex(of: "/"), slash != requestPath.startIndex
        else { return "/" }
        return String(requestPath[..<slash])
    }

    private static func parseDate(_ text: String) -> Date? {
        HTTPDate.parse(text)
    }
}
