import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth sync reject ID [--reason R]`.
struct SyncRejectCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "reject", abstract: "Reject an operation (possession signature).")

    @Argument(help: "The operation id.") var id: String
    @Option(
        help: ArgumentHelp(
            "UNKNOWN, INCORRECT_DATA, UNEXPECTED_OPERATION or any custom reason.", valueName: "reason"))
    var reason: String = "UNKNOWN"
    @OptionGroup var tokenData: MobileTokenDataOptions
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        guard !reason.isEmpty, reason.count <= 256, !reason.contains(where: \.isNewline) else {
            throw ValidationError("--reason must be 1 to 256 characters on one line")
        }
    }

    func run() async throws {
        let given = try tokenData.load()
        try await SyncRun.with(connection) { client in
            let opened = await client.serverDate()
            let mobileTokenData = await tokenData.recording(
                into: given, opened: opened, client: client, defaultAction: .reject)
            try await client.reject(
                id: id, reason: RejectionReason(rawValue: reason), mobileTokenData: mobileTokenData)
        }
        if connection.json {
            try JSONOutput.document(["operationId": id, "status": "REJECTED", "reason": reason])
        } else {
            print("rejected \(TerminalText.escaped(id)) (\(TerminalText.escaped(reason)))")
        }
    }
}
