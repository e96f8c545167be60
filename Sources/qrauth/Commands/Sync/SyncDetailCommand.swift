import ArgumentParser
import OperationsSync

/// `qrauth sync detail ID`.
struct SyncDetailCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail", abstract: "Show one operation in any status (token-authenticated).")

    @Argument(help: "The operation id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show({ try await $0.detail(id: id) }, json: { $0 }, lines: SyncOperationSummary.details)
    }
}
