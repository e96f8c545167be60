import ArgumentParser
import PowerAuth

/// `qrauth token list --device FILE`: the names and ids of the device file's tokens, never their secrets.
struct TokenListCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the device file's MAC tokens: names and ids, never secrets.",
        discussion: "Reads the file only (no network). Exit 0 listed (also when there is none), 4 unusable file.")

    @Option(help: ArgumentHelp("The device activation file.", valueName: "file"))
    var device: String
    @Flag(help: "Print one JSON document (an array of name and tokenId).")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    func run() throws {
        let tokens = try ActivationFile<DeviceActivation>.read(device).tokensByName
        if json {
            try JSONOutput.document(tokens.map { ["name": $0.name, "tokenId": $0.token.id] })
        } else if tokens.isEmpty {
            StandardStreams.note("\(TerminalText.escaped(device)) holds no tokens")
        } else {
            for entry in tokens {
                print("\(TerminalText.escaped(entry.name))  \(TerminalText.escaped(entry.token.id))")
            }
        }
    }
}
