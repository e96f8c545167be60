import ArgumentParser
import MobileTokenAPI
import OperationsSync
import QRAuthEncoding

/// `qrauth inbox read ID`.
struct InboxReadCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark one message read.")

    @Argument(help: "The message id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show(
            { try await $0.markInboxMessageRead(id: id) },
            json: { _ in ["messageId": .string(id), "read": .bool(true)] as [String: JSONValue] },
            lines: { _ in ["read \(TerminalText.escaped(id))"] })
    }
}
