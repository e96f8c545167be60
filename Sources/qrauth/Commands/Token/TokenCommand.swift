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

/// `token create` and `token remove`: `--name` names the token.
protocol TokenLeafCommand: EnrollmentLeafCommand {
    /// `--name`.
    var tokenName: TokenNameOptions { get }
}

extension TokenLeafCommand {
    /// The token's local name.
    var name: String { tokenName.name }

    /// Refuses any name but `possession_universal` for a 4.0 device file, which keeps that one token.
    func requireV4TokenName() throws {
        guard name == TokenName.possessionUniversal else {
            throw CLIError(.usage, "a 4.0 device file keeps one token, \(TokenName.possessionUniversal)")
        }
    }

    /// The line for people that says the token `id` was removed.
    func printRemoved(_ id: String) {
        print("removed token \(TerminalText.escaped(id)) (\(TerminalText.escaped(name)))")
    }
}
