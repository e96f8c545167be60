import ArgumentParser
import OperationsSync

/// `qrauth inbox count`.
struct InboxCountCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(commandName: "count", abstract: "Count the unread messages.")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show({ try await $0.inboxCount() }, json: { ["countUnread": $0] }, lines: { ["\($0) unread"] })
    }
}
