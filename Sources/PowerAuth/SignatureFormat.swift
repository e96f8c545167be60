/// How signature components are rendered.
public enum SignatureFormat: Sendable, Equatable {
    /// Each component as `length` decimal digits (4...8), joined by `-`.
    case decimal(length: Int)
    /// The last 16 bytes of each component concatenated, Base64.
    case base64

    /// The format a protocol version uses online: 3.0 decimal (8 digits), 3.1 and later Base64.
    public init(version: ProtocolVersion) {
        self = version == .v30 ? .decimal(length: 8) : .base64
    }

    /// The offline format: decimal with a component length in 4...8.
    public static func offline(length: Int = 8) throws(PowerAuthError) -> SignatureFormat {
        guard (4...8).contains(length) else {
            throw PowerAuthError(.componentLength, "the code length must be 4 to 8 digits per factor, not \(length)")
        }
        return .decimal(length: length)
    }
}
