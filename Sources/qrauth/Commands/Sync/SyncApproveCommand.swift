import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth sync approve ID`.
struct SyncApproveCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Approve an operation: fetch its detail, pick the factor it allows, sign and authorize.",
        discussion: "A wrong password still signs; the server answers POWERAUTH_AUTH_FAIL (exit 1).")

    @Argument(help: "The operation id.") var id: String
    @Option(
        help: ArgumentHelp(
            "Use this operation data instead of fetching the detail (a local operation).", valueName: "data"))
    var data: String?
    @Option(help: ArgumentHelp("Proximity check TOTP.", valueName: "otp")) var otp: String?
    @OptionGroup var tokenData: MobileTokenDataOptions
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let auth = try authentication.resolve(required: false)
        let given = try tokenData.load()
        try await SyncRun.with(connection) { client, store in
            let opened = await client.serverDate()
            let operation: UserOperation
            if let data {
                operation = UserOperation(id: id, data: data)
            } else {
                operation = try await client.detail(id: id)
            }
            let received = await client.serverDate()
            let check = otp.map { ProximityCheck(otp: $0, type: .qrCode, timestampReceived: received) }
            let mobileTokenData = await tokenData.recording(
                into: given, opened: opened, client: client, defaultAction: .continue)
            try await SpentCounterReport.watching(store) {
                try await client.authorize(
                    operation, authentication: auth, proximityCheck: check, mobileTokenData: mobileTokenData)
            }
        }
        if connection.json {
            try JSONOutput.document(["operationId": id, "status": "APPROVED"])
        } else {
            print("approved \(TerminalText.escaped(id))")
        }
    }
}
