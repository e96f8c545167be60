import FoundationEssentials
import QRAuthEncoding

/// Parses PAC payloads as the iOS SDK's `WMTPACUtils` does, with typed errors instead of nil.
public enum PACParser {
    /// What to accept beyond the SDK.
    public struct Options: Equatable, Hashable, Sendable {
        /// Accept a base64url (RFC 7519) JWT payload, which both SDKs reject; the result says which was seen.
        public var acceptsBase64URLPayload: Bool

        /// Makes options; by default base64url payloads are accepted and reported.
        public init(acceptsBase64URLPayload: Bool = true) {
            self.acceptsBase64URLPayload = acceptsBase64URLPayload
        }

        /// Exactly what the iOS SDK accepts.
        public static let sdk = Options(acceptsBase64URLPayload: false)
    }

    /// Parses scanned text: a deeplink (any `scheme:` with a query) or a bare JWT (`parseQRCode`).
    ///
    /// Query values are percent-decoded exactly once, as the SDK's encode-then-parse does.
    public static func parse(_ text: String, options: Options = .init()) throws(OfflineOperationError) -> PACToken {
        // Not a URL (no scheme, or a port Foundation's URL parser refuses): read it as a JWT.
        guard hasScheme(text), hasValidPort(text) else { return try parseJWT(text, form: .jwt, options: options) }
        // The SDK percent-encodes the text first, so '#' is data, every item is read raw, and the
        // delimiters are found per scalar (a combining mark cannot hide one).
        let scalars = Substring(text).unicodeScalars
        guard let question = scalars.firstIndex(of: "?") else {
            throw OfflineOperationError(.pacUnrecognized, "the PAC deeplink has no query (expected ?oid=…&potp=…)")
        }
        let items = queryItems(scalars[scalars.index(after: question)...])
        return try parseItems(items, options: options)
    }

    /// Parses a deeplink URL the operating system handed over (`parseDeeplink`): its query is
    /// percent-decoded once as a URL and the `oid`/`totp` values once more.
    public static func parseDeeplink(
        _ url: String, options: Options = .init()
    ) throws(OfflineOperationError)
        -> PACToken
    {
        guard hasScheme(url) else {
            throw OfflineOperationError(.pacUnrecognized, "the PAC deeplink has no scheme (expected scheme://…?oid=…)")
        }
        let scalars = Substring(url).unicodeScalars
        let beforeFragment = scalars[..<(scalars.firstIndex(of: "#") ?? scalars.endIndex)]
        guard let question = beforeFragment.firstIndex(of: "?") else {
            throw OfflineOperationError(.pacUnrecognized, "the PAC deeplink has no query (expected ?oid=…&potp=…)")
        }
        let items = queryItems(beforeFragment[beforeFragment.index(after: question)...]).map {
            ((try? PercentEncoding.decode($0.0).get()) ?? $0.0, $0.1.flatMap { try? PercentEncoding.decode($0).get() })
        }
        return try parseItems(items, options: options)
    }

    /// Parses a bare JWT `{header}.{payload}[.{signature}]` with an `{"oid", "potp"|"totp"}` payload.
    public static func parseJWT(_ text: String, options: Options = .init()) throws(OfflineOperationError) -> PACToken {
        try parseJWT(text, form: .jwt, options: options)
    }

    /// RFC 3986 `ALPHA *(ALPHA / DIGIT / "+" / "-" / ".") ":"` at the start, or a `:` first: swift-foundation's
    /// `URL(string:)` reads that as an empty scheme, so the SDK takes such text for a deeplink (issue 29).
    static func hasScheme(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if first == ":" { return true }
        guard isASCIILetter(first) else { return false }
        while let scalar = scalars.next() {
            if scalar == ":" { return true }
            guard
                isASCIILetter(scalar) || ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            else {
                return false
            }
        }
        return false
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// Whether an authority's port, if any, is digits only: the one thing Foundation's URL parser
    /// (swift-foundation, where the SDK vectors were made) refuses once the SDK has percent-encoded the
    /// text; `scheme://host:abc?oid=1` is therefore not a URL, and the SDK reads it as a JWT.
    static func hasValidPort(_ text: String) -> Bool {
        let scalars = Substring(text).unicodeScalars
        guard let colon = scalars.firstIndex(of: ":") else { return false }
        let rest = scalars[scalars.index(after: colon)...]
        guard rest.starts(with: ["/", "/"]) else { return true }
        let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" }
        let hostPort = authority[
            (authority.lastIndex(of: "@").map { authority.index(after: $0) } ?? authority.startIndex)...]
        guard let portColon = hostPort.lastIndex(of: ":") else { return true }
        return hostPort[hostPort.index(after: portColon)...].allSatisfy { ("0"..."9").contains($0) }
    }

    /// Splits a query on `&`, each item at its first `=` (no `=` means a nil value); raw text.
    static func queryItems(_ query: Substring.UnicodeScalarView) -> [(String, String?)] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), nil) }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
    }

    /// The SDK's item logic: the first `oid` whose value decodes wins; else the first item's value is a JWT.
    static func parseItems(
        _ items: [(String, String?)], options: Options
    )
        throws(OfflineOperationError) -> PACToken
    {
        if let oid = items.first(where: { $0.0 == "oid" }), let raw = oid.1,
            let operationId = try? PercentEncoding.decode(raw).get()
        {
            let totpItem = items.first { $0.0 == "totp" || $0.0 == "potp" }
            let totp = totpItem?.1.flatMap { try? PercentEncoding.decode($0).get() }
            return PACToken(operationId: operationId, totp: totp, form: .deeplink)
        }
        guard let first = items.first, let value = first.1 else {
            throw OfflineOperationError(
                .pacUnrecognized,
                "the PAC deeplink has no usable oid item and its first query item has no value to read as a JWT")
        }
        return try parseJWT(value, form: .deeplinkJWT, options: options)
    }

    private struct Payload: Decodable {
        let oid: String
        let totp: String?
        let totpKey: String?

        enum Keys: String, CodingKey { case oid, totp, potp }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            oid = try container.decode(String.self, forKey: .oid)
            if let totp = try container.decodeIfPresent(String.self, forKey: .totp) {
                self.totp = totp
                totpKey = "totp"
            } else if let potp = try container.decodeIfPresent(String.self, forKey: .potp) {
                totp = potp
                totpKey = "potp"
            } else {
                totp = nil
                totpKey = nil
            }
        }
    }

    private struct Header: Decodable {
        let alg: String?
    }

    static func parseJWT(
        _ text: String, form: PACToken.Form, options: Options
    ) throws(OfflineOperationError)
        -> PACToken
    {
        let what = form == .jwt ? "the PAC text" : "the PAC deeplink's JWT"
        let parts = text.split(separator: ".")
        guard parts.count >= 2 else {
            throw OfflineOperationError(
                .pacUnrecognized,
                "\(what) is neither a deeplink (scheme:…?oid=…) nor a JWT (header.payload[.signature])")
        }
        let payloadText = parts[1]
        let decoded: (Data, PACJWT.PayloadEncoding)
        if let bytes = sdkDecode(payloadText) {
            decoded = (bytes, .base64)
        } else if options.acceptsBase64URLPayload, let bytes = StrictBase64.decodeURL(payloadText) {
            decoded = (bytes, .base64url)
        } else {
            let url = options.acceptsBase64URLPayload ? " or base64url" : " (base64url is not accepted by the SDKs)"
            throw OfflineOperationError(.pacPayloadEncoding, "\(what): the JWT payload is not Base64\(url)")
        }
        if let key = JSONDuplicateKeys.first(in: decoded.0) {
            throw OfflineOperationError(
                .pacPayloadJSON,
                "\(what): the JWT payload names \(key.quotedForError) twice (which value counts is ambiguous)")
        }
        let payload: Payload
        do {
            payload = try JSONDecoder().decode(Payload.self, from: decoded.0)
        } catch {
            throw OfflineOperationError(
                .pacPayloadJSON,
                "\(what): the JWT payload is not a JSON object with a string \"oid\" and optional string \"totp\"/\"potp\""
            )
        }
        let header = sdkDecode(parts[0]) ?? StrictBase64.decodeURL(parts[0])
        let algorithm = header.flatMap { try? JSONDecoder().decode(Header.self, from: $0) }?.alg
        let signingInput = Data(text[parts[0].startIndex..<parts[1].endIndex].utf8)
        let signature = parts.count > 2 ? StrictBase64.decodeURL(parts[2]) ?? sdkDecode(parts[2]) : nil
        let jwt = PACJWT(
            text: text, header: header, algorithm: algorithm, payload: decoded.0, payloadEncoding: decoded.1,
            totpKey: payload.totpKey, signingInput: signingInput, signature: signature)
        return PACToken(operationId: payload.oid, totp: payload.totp, form: form, jwt: jwt)
    }

    /// The SDK's decoding: right-pad with `=` to a multiple of 4, then standard Base64.
    static func sdkDecode(_ text: Substring) -> Data? {
        let padding = (4 - text.utf8.count % 4) % 4
        return StrictBase64.decode(text + String(repeating: "=", count: padding))
    }
}
