/// Why the user rejects an operation: a standard reason or any custom string (for example `POSSIBLE_FRAUD`).
public struct RejectionReason: Sendable, Hashable, Codable, RawRepresentable, ExpressibleByStringLiteral {
    /// The string sent as `reason`.
    public var rawValue: String

    /// Makes a reason from its string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Makes a reason from a literal.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// `UNKNOWN`.
    public static let unknown = RejectionReason(rawValue: "UNKNOWN")
    /// `INCORRECT_DATA`.
    public static let incorrectData = RejectionReason(rawValue: "INCORRECT_DATA")
    /// `UNEXPECTED_OPERATION`.
    public static let unexpectedOperation = RejectionReason(rawValue: "UNEXPECTED_OPERATION")
}
