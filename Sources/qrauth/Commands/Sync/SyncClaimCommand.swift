import ArgumentParser
import OperationsSync

/// `qrauth sync claim ID`.
struct SyncClaimCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "claim", abstract: "Claim a non-personalised operation for this user (token-authenticated).")

    @Argument(help: "The operation id.") var id: String
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        try await show({ try await $0.claim(id: id) }, json: { $0 }, lines: SyncOperationSummary.details)
    }
}
