import ArgumentParser

/// `qrauth code …`: server-side checks of approval codes.
struct CodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Server side: verify offline approval codes against a server activation file.",
        subcommands: [CodeVerifyCommand.self]
    )
}
