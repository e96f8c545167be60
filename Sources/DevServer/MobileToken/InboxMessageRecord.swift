public import FoundationEssentials
public import MobileTokenAPI

/// An inbox message as the server keeps it: the message, its body and whose inbox it is in.
public struct InboxMessageRecord: Sendable, Equatable, Codable {
    /// The message id (UUID).
    public var id: String
    /// The inbox's user (`DevServerState.inboxUser(of:)`).
    public var userId: String
    /// Its subject.
    public var subject: String
    /// Its summary.
    public var summary: String
    /// Its body.
    public var body: String
    /// The body's content type.
    public var type: InboxContentType
    /// Whether the user read it.
    public var read: Bool
    /// When the back office sent it.
    public var created: Date

    /// The message as the list shows it.
    var message: InboxMessage {
        InboxMessage(id: id, subject: subject, summary: summary, type: type, read: read, timestampCreated: created)
    }

    /// The message with its body.
    var detail: InboxMessageDetail { InboxMessageDetail(message: message, body: body) }
}
