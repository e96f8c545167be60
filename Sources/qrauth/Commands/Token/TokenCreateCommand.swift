import ArgumentParser
import OperationsSync
import PowerAuth

/// `qrauth token create --url BASE --device FILE [--name NAME] [--force]`: `/pa/v3/token/create` (encrypted, then
/// signed), the token stored under its name.
struct TokenCreateCommand: AsyncParsableCommand, TokenLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a MAC token and store it in the device file under its name.",
        discussion: """
            Encrypts {} (activation scope; 3.3 with an activation-scope temporary key), signs exactly those bytes \
            with uriId /pa/token/create (possession, or with the password / --biometry) and stores the decrypted \
            token under --name. A name the file already holds is refused (exit 64) unless --force, which removes \
            the old token at the server first. Exit 0 created, 1 refused or an answer that does not verify, \
            4 unusable device file, 5 network or server error, 64 bad or taken name or a full token store.
            """)

    @OptionGroup var options: EnrollmentOptions
    @OptionGroup var tokenName: TokenNameOptions
    @Flag(help: "Replace a token the file holds under that name: remove it at the server first.")
    var force = false
    @OptionGroup var authentication: SyncAuthenticationOptions
    @OptionGroup var verbosity: VerbosityOptions

    func run() async throws {
        let auth = try authentication.resolve(required: false)
        if ActivationFileCodec.isProtocolV4(options.device) {
            try await runV4(authentication: auth)
            return
        }
        // One cycle under the device file's lock, network included: a parallel run for the same name waits, then
        // finds the name taken, so no second token is made at the server and lost from the file.
        let (replaced, token) = try await ActivationFile<DeviceActivation>(path: options.device).clientReading
            .withLockHeld { store in
                let device = try? store.load()
                let existing = device?.token(named: name)
                // A local limit, checked before anything is sent: no counter spent, no token left at the server.
                if existing == nil, name != TokenName.possessionUniversal,
                    let device,
                    device.tokensByName.filter({ $0.name != TokenName.possessionUniversal }).count
                        >= TokenName.maximumCount
                {
                    throw CLIError(
                        .usage,
                        "\(TerminalText.escaped(options.device)) already keeps \(TokenName.maximumCount) named tokens; "
                            + "remove one first (qrauth token remove)")
                }
                if let existing, !force {
                    throw CLIError(
                        .usage,
                        "\(TerminalText.escaped(options.device)) already holds a token named \(TerminalText.escaped(name)) "
                            + "(\(TerminalText.escaped(existing.id))); give --force to replace it")
                }
                return try await SpentCounterReport.watching(store) {
                    try await EnrollmentRun.with(options, signing: true, store: store) { client in
                        var replaced: String?
                        if let existing {
                            replaced = try await client.removeToken(store, id: existing.id, authentication: auth)
                        }
                        return (replaced, try await client.createToken(store, named: name, authentication: auth))
                    }
                }
            }
        try report(tokenId: token.id, replaced: replaced)
    }

    /// A 4.0 device file keeps one token, `possession_universal` (`/pa/v4/token/create`). As for 3.x, one cycle under
    /// the file's lock, network included (every step goes through the store that holds it, which takes no lock of
    /// its own): a parallel run waits, then finds the token there.
    private func runV4(authentication auth: MobileTokenAuthentication) async throws {
        try requireV4TokenName()
        let (replaced, token) = try await EnrollmentClient.DeviceFileV4(path: options.device).withLockHeld { store in
            let file = try store.load()
            guard !file.isRemoved else {
                throw EnrollmentError(
                    .activationRemoved,
                    "the activation \(file.activationId) was removed; it signs nothing more (activate a new one)")
            }
            if let existing = file.token, !force {
                throw CLIError(
                    .usage,
                    "\(TerminalText.escaped(options.device)) already holds a token named \(TerminalText.escaped(name)) "
                        + "(\(TerminalText.escaped(existing.id))); give --force to replace it")
            }
            return try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
                let replaced = file.token == nil ? nil : try await client.removeTokenV4(store, authentication: auth)
                return (replaced, try await client.createTokenV4(store, authentication: auth))
            }
        }
        try report(tokenId: token.id, replaced: replaced)
    }

    /// Prints the created token (and the one it replaced).
    private func report(tokenId: String, replaced: String?) throws {
        if options.json {
            var document = ["tokenId": tokenId, "name": name, "status": "created"]
            document["replacedTokenId"] = replaced
            try JSONOutput.document(document)
        } else {
            if let replaced { printRemoved(replaced) }
            print(
                "created token \(TerminalText.escaped(tokenId)) (\(TerminalText.escaped(name))) in "
                    + TerminalText.escaped(options.device))
        }
    }
}
