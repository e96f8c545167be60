/// Any JSON value, for the free-form parts of activation bodies (`customAttributes`, `userInfo`).
///
/// PowerAuth may not import MobileTokenAPI (design.md), whose `JSONValue` is the same idea; a value type rather
/// than raw JSON text keeps the bodies plain `Codable` and lets callers build and inspect attributes.
public enum PowerAuthJSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits 64 bits (also when written `2.0` or `1e3`).
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([PowerAuthJSONValue])
    /// An object (key order is not kept).
    case object([String: PowerAuthJSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            // One spelling per value: a number that only reads as a double but is a whole one in 64 bits (2.0, 1e3,
            // or digits whose fraction is lost to rounding) is an integer, so it encodes and decodes back the same.
            if let whole = Int64(exactly: value) { self = .integer(whole) } else { self = .number(value) }
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([PowerAuthJSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: PowerAuthJSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
