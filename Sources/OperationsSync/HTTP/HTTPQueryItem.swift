/// A name/value pair of a query string or a form-encoded body (both are percent-encoded when sent).
public struct HTTPQueryItem: Sendable, Hashable {
    /// The name, unencoded.
    public var name: String
    /// The value, unencoded.
    public var value: String

    /// Makes a pair.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
