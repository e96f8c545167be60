import ArgumentParser

/// `qrauth sync …`: online operations against a Mobile Token API server.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract:
            "Online operations against a Mobile Token API server: list, watch, detail, claim, history, approve, reject.",
        discussion: """
            Exit codes: 0 success, 1 the server refused (POWERAUTH_AUTH_FAIL, operation already finished, pinning), \
            2 operation expired, 4 malformed input (activation file), 5 network or server error, 64 usage.
            """,
        subcommands: [
            SyncListCommand.self, SyncWatchCommand.self, SyncDetailCommand.self, SyncClaimCommand.self,
            SyncHistoryCommand.self, SyncApproveCommand.self, SyncRejectCommand.self,
        ]
    )
}
