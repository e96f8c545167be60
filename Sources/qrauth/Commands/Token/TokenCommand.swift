import ArgumentParser
import PowerAuth

/// `qrauth token …`: MAC tokens at the enrollment server.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract:
            "Create, remove or list the activation's MAC tokens (/pa/v3/token/*); sync creates possession_universal "
            + "itself when missing.",
        subcommands: [TokenCreateCommand.self, TokenRemoveCommand.self, TokenListCommand.self])
}

/// The `--name` of `token create` and `token remove`: checked before anything is read or sent.
struct TokenNameOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The token's local name (the Mobile Token API uses possession_universal; the server never sees the name).",
            valueName: "name"))
    var name = TokenName.possessionUniversal

    func validate() throws {
        do {
            try TokenName.validate(name)
        } catch {
            throw ValidationError("--name: \(error.reason)")
        }
    }
}
