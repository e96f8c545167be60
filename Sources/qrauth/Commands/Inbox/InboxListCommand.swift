import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth inbox list [--page N] [--size N] [--unread]`.
struct InboxListCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List one page of inbox messages, newest first.")

    @Option(help: ArgumentHelp("The page, from 0.", valueName: "n")) var page = 0
    @Option(help: ArgumentHelp("Messages per page (1 to 1000).", valueName: "n")) var size = 50
    @Flag(name: .customLong("unread"), help: "Only unread messages.") var onlyUnread = false
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        guard page >= 0 else { throw ValidationError("--page must be 0 or more") }
        guard (1...1000).contains(size) else { throw ValidationError("--size must be 1 to 1000") }
    }

    func run() async throws {
        let request = InboxListRequest(page: page, size: size, onlyUnread: onlyUnread)
        try await show(
            { try await $0.inboxMessages(request) }, json: { $0 },
            lines: { $0.isEmpty ? ["no messages"] : $0.map(InboxMessageSummary.line) })
    }
}
