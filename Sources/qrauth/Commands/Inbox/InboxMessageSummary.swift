import MobileTokenAPI

/// Inbox messages for people: server text escaped.
enum InboxMessageSummary {
    /// `ID  unread|read  2026-11-27T10:00:00Z  subject — summary`.
    static func line(_ message: InboxMessage) -> String {
        let state = message.read ? "read  " : "unread"
        return "\(TerminalText.escaped(message.id))  \(state)  \(OperationTimestamp.format(message.timestampCreated))  "
            + "\(TerminalText.escaped(message.subject)) — \(TerminalText.escaped(message.summary))"
    }

    /// The detail: the fields, then the body over several lines.
    static func details(_ detail: InboxMessageDetail) -> [String] {
        let message = detail.message
        return [
            "id:       \(TerminalText.escaped(message.id))",
            "subject:  \(TerminalText.escaped(message.subject))",
            "summary:  \(TerminalText.escaped(message.summary))",
            "type:     \(message.type.rawValue)",
            "read:     \(message.read)",
            "created:  \(OperationTimestamp.format(message.timestampCreated))",
            "body:     \(TerminalText.sanitized(detail.body, continuationIndent: "          "))",
        ]
    }
}
