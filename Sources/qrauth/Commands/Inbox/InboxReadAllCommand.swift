import ArgumentParser
import OperationsSync

/// `qrauth inbox read-all`.
struct InboxReadAllCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(commandName: "read-all", abstract: "Mark every message read.")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        try await SyncRun.with(connection, password: nil) { try await $0.markAllInboxMessagesRead() }
        if connection.json {
            try JSONOutput.document(["read": true])
        } else {
            print("all messages read")
        }
    }
}
