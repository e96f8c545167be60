import ArgumentParser
import OperationsSync
import PowerAuth

/// `qrauth token create --url BASE --device FILE`: `/pa/v3/token/create` (encrypted, then signed), token stored.
struct TokenCreateCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create the possession_universal MAC token and store it in the device file.",
        discussion: """
            Encrypts {} (activation scope; 3.3 with an activation-scope temporary key), signs exactly those bytes \
            with uriId /pa/token/create (possession, or with the password / --biometry) and stores the decrypted \
            token, replacing the one the file held. Exit 0 created, 1 refused or an answer that does not verify, \
            4 unusable device file, 5 network or server error.
            """)

    @OptionGroup var options: EnrollmentOptions
    @Option(help: ArgumentHelp("The token's name (the Mobile Token API uses possession_universal).", valueName: "name"))
    var name = "possession_universal"
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { options.json }

    func validate() throws {
        guard name == "possession_universal" else {
            throw ValidationError("--name: the device file keeps only the possession_universal token")
        }
    }

    func run() async throws {
        let auth = try authentication.resolve(required: false)
        let token = try await EnrollmentRun.with(options, signing: true) { client in
            try await client.createToken(ActivationFileStorage(path: options.device), authentication: auth)
        }
        if options.json {
            try JSONOutput.document(["tokenId": token.id, "name": name, "status": "created"])
        } else {
            print(
                "created token \(TerminalText.escaped(token.id)) (\(name)) in \(TerminalText.escaped(options.device))")
        }
    }
}
