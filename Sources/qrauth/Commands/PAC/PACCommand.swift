import ArgumentParser

/// `qrauth pac …`: Proximity Anti-fraud Check payloads.
struct PACCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pac",
        abstract: "Proximity Anti-fraud Check (PAC) deeplinks, QR texts and JWTs.",
        subcommands: [PACParseCommand.self]
    )
}
