/// The content type of an inbox message body (`type`): plain text or HTML.
public enum InboxContentType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Plain text.
    case text
    /// HTML.
    case html
}
