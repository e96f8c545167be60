import ArgumentParser
import OperationsSync

/// `qrauth inbox detail ID`.
struct InboxDetailCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail", abstract: "Show one message with its body (it stays unread).")

    @Argument(help: "The message id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let detail = try await SyncRun.with(connection, password: nil) { try await $0.inboxMessage(id: id) }
        if connection.json {
            try JSONOutput.document(detail)
        } else {
            InboxMessageSummary.details(detail).forEach { print($0) }
        }
    }
}
