/// `{"page","size","onlyUnread"}` of `inbox/message/list` (mtoken-sdk-ios `WMTInboxGetList`).
public struct InboxListRequest: Sendable, Hashable {
    /// The page, from 0.
    public var page: Int
    /// Messages per page.
    public var size: Int
    /// Only unread messages.
    public var onlyUnread: Bool

    /// Makes a request.
    public init(page: Int = 0, size: Int = 50, onlyUnread: Bool = false) {
        self.page = page
        self.size = size
        self.onlyUnread = onlyUnread
    }
}

extension InboxListRequest: Codable {
    /// A missing key takes the default (page 0, size 50, all messages); a key of the wrong type is an error.
    /// Encoding is synthesized: all three keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        page = try container.optional("page") ?? 0
        size = try container.optional("size") ?? 50
        onlyUnread = try container.optional("onlyUnread") ?? false
    }
}
