import ArgumentParser
import OperationsSync

/// `qrauth sync claim ID`.
struct SyncClaimCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "claim", abstract: "Claim a non-personalised operation for this user (token-authenticated).")

    @Argument(help: "The operation id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let operation = try await SyncRun.with(connection, password: nil) { try await $0.claim(id: id) }
        if connection.json {
            try JSONOutput.document(operation)
        } else {
            SyncOperationSummary.details(operation).forEach { print($0) }
        }
    }
}
