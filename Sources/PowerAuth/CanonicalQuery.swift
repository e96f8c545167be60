import QRAuthEncoding

/// The canonical query string that replaces the body of a GET signature.
package enum CanonicalQuery {
    /// Sorts decoded pairs by key then value (UTF-16 order, as the Java server) and form-encodes them.
    package static func string(from parameters: [(key: String, value: String)]) -> String {
        let sorted = parameters.sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key.utf16.lexicographicallyPrecedes(rhs.key.utf16) }
            return lhs.value.utf16.lexicographicallyPrecedes(rhs.value.utf16)
        }
        return sorted.map { formEncode($0.key) + "=" + formEncode($0.value) }.joined(separator: "&")
    }

    /// Decodes a raw query string (`a=1&b=x%20y`, `+` is a space) and canonicalizes it.
    package static func string(fromQuery query: String) throws(PowerAuthError) -> String {
        var pairs: [(key: String, value: String)] = []
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try formDecode(String(parts[0]))
            let value = parts.count > 1 ? try formDecode(String(parts[1])) : ""
            pairs.append((key, value))
        }
        return string(from: pairs)
    }

    /// `application/x-www-form-urlencoded` encoding as Java's `URLEncoder`: `A-Za-z0-9-_.*` kept, space → `+`,
    /// else `%XX`.
    static func formEncode(_ text: String) -> String {
        PercentEncoding.encode(text, unreserved: .javaURLEncoder, spaceAsPlus: true)
    }

    static func formDecode(_ text: String) throws(PowerAuthError) -> String {
        switch PercentEncoding.decode(text, plusAsSpace: true) {
        case .success(let decoded): return decoded
        case .failure(.malformedEscape): throw PowerAuthError(.payload, "the query string has a malformed %-escape")
        case .failure(.notUTF8): throw PowerAuthError(.payload, "the query string does not decode to UTF-8")
        }
    }
}
