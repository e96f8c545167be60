import ArgumentParser
import OperationsSync

/// `qrauth sync list`.
struct SyncListCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List pending operations (token-authenticated).")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let operations = try await SyncRun.with(connection, password: nil) { try await $0.operations() }
        if connection.json {
            try JSONOutput.document(operations)
        } else {
            if operations.isEmpty { print("no pending operations") }
            for operation in operations { print(SyncOperationSummary.line(operation)) }
        }
    }
}
