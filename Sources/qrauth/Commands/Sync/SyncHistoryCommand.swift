import ArgumentParser
import OperationsSync

/// `qrauth sync history`.
struct SyncHistoryCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List operations in any status (2FA signature: password or --biometry).")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let auth = try authentication.resolve(required: true)
        try await show(
            { try await $0.history(authentication: auth) }, json: { $0 },
            lines: { $0.isEmpty ? ["no operations"] : $0.map(SyncOperationSummary.line) })
    }
}
