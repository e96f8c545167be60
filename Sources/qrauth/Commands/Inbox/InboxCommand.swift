import ArgumentParser

/// `qrauth inbox …`: the messages a bank sends to the app (Mobile Token inbox).
struct InboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "The Mobile Token inbox: count, list, detail, read, read-all (token-authenticated).",
        discussion: """
            Exit codes: 0 success, 1 the server refused (POWERAUTH_AUTH_FAIL, INVALID_ACTIVATION, pinning), \
            4 malformed input (activation file), 5 network or server error (INVALID_REQUEST: no such message), \
            64 usage.
            """,
        subcommands: [
            InboxCountCommand.self, InboxListCommand.self, InboxDetailCommand.self, InboxReadCommand.self,
            InboxReadAllCommand.self,
        ]
    )
}
