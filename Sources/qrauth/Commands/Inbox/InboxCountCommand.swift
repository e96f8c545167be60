import ArgumentParser
import OperationsSync

/// `qrauth inbox count`.
struct InboxCountCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Count the unread messages.")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let count = try await SyncRun.with(connection, password: nil) { try await $0.inboxCount() }
        if connection.json {
            try JSONOutput.document(["countUnread": count])
        } else {
            print("\(count) unread")
        }
    }
}
