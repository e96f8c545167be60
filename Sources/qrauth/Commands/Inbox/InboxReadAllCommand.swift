import ArgumentParser
import OperationsSync

/// `qrauth inbox read-all`.
struct InboxReadAllCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(commandName: "read-all", abstract: "Mark every message read.")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show(
            { try await $0.markAllInboxMessagesRead() }, json: { _ in ["read": true] },
            lines: { _ in ["all messages read"] })
    }
}
