/// One header line: a name (compared case-insensitively) and a value.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The name as it is sent.
    public var name: String
    /// The value.
    public var value: String

    /// Makes a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
