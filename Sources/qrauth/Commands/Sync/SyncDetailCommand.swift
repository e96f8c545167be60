import ArgumentParser
import OperationsSync

/// `qrauth sync detail ID`.
struct SyncDetailCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail", abstract: "Show one operation in any status (token-authenticated).")

    @Argument(help: "The operation id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let operation = try await SyncRun.with(connection, password: nil) { try await $0.detail(id: id) }
        if connection.json {
            try JSONOutput.document(operation)
        } else {
            SyncOperationSummary.details(operation).forEach { print($0) }
        }
    }
}
