import ArgumentParser
import OperationsSync

/// `qrauth sync history`.
struct SyncHistoryCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List operations in any status (2FA signature: password or --biometry).")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { connection.json }

    func run() async throws {
        let auth = try authentication.resolve(required: true)
        let operations = try await SyncRun.with(connection, password: nil) {
            try await $0.history(authentication: auth)
        }
        if connection.json {
            try JSONOutput.document(operations)
        } else {
            if operations.isEmpty { print("no operations") }
            for operation in operations { print(SyncOperationSummary.line(operation)) }
        }
    }
}
