import ArgumentParser
import OperationsSync

/// `qrauth token remove --url BASE --device FILE`: signed `/pa/v3/token/remove`, the token dropped from the file.
struct TokenRemoveCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove the device file's MAC token at the server and from the file.",
        discussion: """
            Signs {"requestObject":{"tokenId":…}} with uriId /pa/token/remove. The token is dropped from the device \
            file once the server answered (it removes unknown tokens quietly). Exit 0 removed, 1 refused, 4 no token \
            or unusable device file, 5 network or server error.
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
        let id = try await EnrollmentRun.with(options, signing: true) { client in
            try await client.removeToken(ActivationFileStorage(path: options.device), authentication: auth)
        }
        if options.json {
            try JSONOutput.document(["tokenId": id, "name": name, "status": "removed"])
        } else {
            print("removed token \(TerminalText.escaped(id)) (\(name))")
        }
    }
}
