public import FoundationEssentials

/// One message of an inbox list (`inbox/message/list`): everything but the body (mtoken-sdk-ios `WMTInboxMessage`).
public struct InboxMessage: Sendable, Hashable {
    /// The message id.
    public var id: String
    /// Its subject.
    public var subject: String
    /// A short plain-text summary of the body.
    public var summary: String
    /// The body's content type.
    public var type: InboxContentType
    /// Whether the user read it.
    public var read: Bool
    /// When it was created.
    public var timestampCreated: Date

    /// Makes a message.
    public init(
        id: String, subject: String, summary: String, type: InboxContentType, read: Bool, timestampCreated: Date
    ) {
        self.id = id
        self.subject = subject
        self.summary = summary
        self.type = type
        self.read = read
        self.timestampCreated = timestampCreated
    }
}

extension InboxMessage: Codable {
    /// Every key is required, as in the SDK; `timestampCreated` in any date form the operations accept (spec §6.7).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.value("id")
        subject = try container.value("subject")
        summary = try container.value("summary")
        type = try container.value("type")
        read = try container.value("read")
        timestampCreated = try container.timestamp("timestampCreated")
    }

    /// Encodes every key, the date as `yyyy-MM-ddTHH:mm:ssZ`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("id"))
        try container.encode(type, forKey: JSONKey("type"))
        try container.encode(subject, forKey: JSONKey("subject"))
        try container.encode(summary, forKey: JSONKey("summary"))
        try container.encode(read, forKey: JSONKey("read"))
        try container.encodeTimestamp(timestampCreated, "timestampCreated")
    }
}
