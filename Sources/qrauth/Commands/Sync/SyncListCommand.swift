import ArgumentParser
import OperationsSync

/// `qrauth sync list`.
struct SyncListCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List pending operations (token-authenticated).")

    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show(
            { try await $0.operations() }, json: { $0 },
            lines: { $0.isEmpty ? ["no pending operations"] : $0.map(SyncOperationSummary.line) })
    }
}
