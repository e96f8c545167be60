import ArgumentParser
import MobileTokenAPI
import OperationsSync
import QRAuthEncoding

/// `qrauth inbox read ID`.
struct InboxReadCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(commandName: "read", abstract: "Mark one message read.")

    @Argument(help: "The message id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        try await SyncRun.with(connection, password: nil) { try await $0.markInboxMessageRead(id: id) }
        if connection.json {
            try JSONOutput.document(["messageId": .string(id), "read": .bool(true)] as [String: JSONValue])
        } else {
            print("read \(TerminalText.escaped(id))")
        }
    }
}
