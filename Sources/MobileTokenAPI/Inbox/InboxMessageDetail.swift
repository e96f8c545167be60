import FoundationEssentials

/// One message with its body (`inbox/message/detail`, mtoken-sdk-ios `WMTInboxMessageDetail`).
///
/// The enrollment server's documentation shows the detail as an array of one object, the SDK decodes an object:
/// `init(from:)` accepts both, `encode(to:)` always writes the object.
public struct InboxMessageDetail: Sendable, Hashable {
    /// The message as the list shows it.
    public var message: InboxMessage
    /// The body, text or HTML as `message.type` says.
    public var body: String

    /// Makes a detail.
    public init(message: InboxMessage, body: String) {
        self.message = message
        self.body = body
    }
}

extension InboxMessageDetail: Codable {
    /// An object, or an array whose first element is the object (an empty array is an error).
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            guard !array.isAtEnd else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath, debugDescription: "the message detail is an empty array"))
            }
            self = try array.decode(InboxMessageDetail.self)
            return
        }
        let container = try decoder.container(keyedBy: JSONKey.self)
        message = try InboxMessage(from: decoder)
        body = try container.value("body")
    }

    /// The object: the message's keys plus `body`.
    public func encode(to encoder: any Encoder) throws {
        try message.encode(to: encoder)
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(body, forKey: JSONKey("body"))
    }
}
