import ArgumentParser
import OperationsSync
import PowerAuth

/// `qrauth activation remove --url BASE --device FILE (--password-… | --biometry)`: signed `/pa/v3/activation/remove`.
struct ActivationRemoveCommand: AsyncParsableCommand, EnrollmentLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract:
            "Remove the activation at the enrollment server (signed with two factors); the device file is marked removed.",
        discussion: """
            Signs {} with uriId /pa/activation/remove (possession_knowledge, or possession_biometry with --biometry); \
            the counter is saved before the request leaves. After the server confirmed, the device file is kept but \
            marked removed and refuses every further signature. Exit 0 removed, 1 the server refused the signature, \
            4 unusable or already removed device file, 5 network or server error.
            """)

    @OptionGroup var options: EnrollmentOptions
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let auth = try authentication.resolve(required: true)
        let id: String
        if ActivationFileCodec.isProtocolV4(options.device) {
            id = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
                try await client.removeV4(EnrollmentClient.DeviceFileV4(path: options.device), authentication: auth)
            }
        } else {
            id = try await EnrollmentRun.locked(options, signing: true) { client, store in
                try await client.remove(store, authentication: auth)
            }
        }
        if options.json {
            try JSONOutput.document(["activationId": id, "status": "REMOVED"])
        } else {
            print(
                "removed activation \(TerminalText.escaped(id)); \(TerminalText.escaped(options.device)) signs nothing more"
            )
        }
    }
}
