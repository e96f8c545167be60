public import HTTPTypes

extension HTTPField {
    /// Makes a field from a name and a value given as text, refusing a line break that `HTTPField` would silently
    /// repair.
    ///
    /// `HTTPField(name:value:)` turns a CR, LF or NUL in a value into a space. A value with a line break that comes
    /// from a user, a configuration or a server is a header-injection attempt, so the client refuses it instead
    /// (`http.invalid_request`, nothing is sent); a name that is not an RFC 9110 token is refused the same way. The
    /// rest of `HTTPField`'s repair applies: spaces and tabs around the value are trimmed (a server reads the same
    /// value) and any other control character is sent as a space. Every header that the client builds from text goes
    /// through here.
    public static func validated(name: String, value: String) throws(HTTPClientError) -> HTTPField {
        guard let fieldName = HTTPField.Name(name) else {
            throw HTTPClientError(.invalidRequest, "header name \"\(name.prefix(60))\" is not valid")
        }
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw HTTPClientError(.invalidRequest, "value of header \(name) contains a line break")
        }
        return HTTPField(name: fieldName, value: value)
    }
}

extension HTTPFields {
    /// Makes header fields from names and values given as text, in order, each checked by
    /// `HTTPField.validated(name:value:)`.
    public init(validating pairs: KeyValuePairs<String, String>) throws(HTTPClientError) {
        self.init()
        for (name, value) in pairs {
            append(try HTTPField.validated(name: name, value: value))
        }
    }
}
