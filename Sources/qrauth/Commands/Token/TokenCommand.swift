import ArgumentParser

/// `qrauth token …`: MAC tokens at the enrollment server.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create or remove the activation's MAC token (/pa/v3/token/*); sync creates it itself when missing.",
        subcommands: [TokenCreateCommand.self, TokenRemoveCommand.self])
}
