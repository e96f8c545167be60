import ArgumentParser
import OperationsSync

/// `qrauth inbox detail ID`.
struct InboxDetailCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail", abstract: "Show one message with its body (it stays unread).")

    @Argument(help: "The message id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show({ try await $0.inboxMessage(id: id) }, json: { $0 }, lines: InboxMessageSummary.details)
    }
}
