/// The answer of `inbox/count`: `{"countUnread": n}`.
public struct InboxCount: Sendable, Hashable, Codable {
    /// How many messages are unread.
    public var countUnread: Int

    /// Makes a count.
    public init(countUnread: Int) {
        self.countUnread = countUnread
    }
}
