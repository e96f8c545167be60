import FoundationEssentials
public import QRAuthEncoding

/// The `mobileTokenData` object the SDKs attach to an approval (`operation/authorize`) and, with enrollment server
/// 2.0+, a rejection (`operation/cancel`): any JSON object. The 2026 SDKs put the log of pre-approval screens under
/// `preApprovalScreens`; other keys are kept as they are.
public struct MobileTokenData: Sendable, Hashable {
    /// The key of the pre-approval screen log.
    public static let preApprovalScreensKey = "preApprovalScreens"

    /// The object's members.
    public var members: [String: JSONValue]

    /// Makes the object from its members.
    public init(members: [String: JSONValue] = [:]) {
        self.members = members
    }

    /// Makes the object from a JSON value, nil unless it is an object.
    public init?(_ value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        self.members = members
    }

    /// The object as a JSON value.
    public var jsonValue: JSONValue { .object(members) }

    /// The visits under `preApprovalScreens`; entries that do not decode (and a key that is not an array) are
    /// skipped.
    public var preApprovalScreens: [PreApprovalScreenVisit] {
        guard case .array(let items)? = members[Self.preApprovalScreensKey] else { return [] }
        return items.compactMap { Self.converted($0, to: PreApprovalScreenVisit.self) }
    }

    /// Appends a visit to `preApprovalScreens` (made when missing; a non-array value there is replaced).
    public mutating func record(_ visit: PreApprovalScreenVisit) {
        var items: [JSONValue] = []
        if case .array(let existing)? = members[Self.preApprovalScreensKey] { items = existing }
        // A visit's members are strings: its JSON always reads back as an object.
        items.append(Self.converted(visit, to: JSONValue.self) ?? .object([:]))
        members[Self.preApprovalScreensKey] = .array(items)
    }

    /// `value` read back as `type` through the JSON its `Codable` conformance writes; nil where either step fails.
    private static func converted<Target: Decodable>(_ value: some Encodable, to type: Target.Type) -> Target? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }
}

extension MobileTokenData: Codable {
    /// Any JSON object; anything else is an error.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let data = MobileTokenData(value) else {
            throw DecodingError.typeMismatch(
                MobileTokenData.self,
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "mobileTokenData is not an object"))
        }
        self = data
    }

    /// The object.
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
