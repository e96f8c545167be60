import ArgumentParser
import FoundationEssentials
import PowerAuth
import QRAuthCrypto
import QRAuthFiles

/// `qrauth activation create`: a device file and a matching server file with real keys and ECDH.
struct ActivationCreateCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a test activation: a device file and the matching server file (mode 0600).",
        discussion: """
            Real P-256 key pairs are generated for the device, the server and the application master key; both \
            sides run ECDH and derive the same signature keys. The knowledge key is stored encrypted under the \
            password exactly as the PowerAuth mobile SDK does (PBKDF2-HMAC-SHA1, 10 000 iterations, AES-128). \
            Existing files are not replaced unless --force is given. The two files are written both or \
            neither: when the device file cannot be written, the server file written just before is removed \
            again (or, with --force, its previous content put back).
            """
    )

    @Option(help: ArgumentHelp("The device activation file to write.", valueName: "file"))
    var device: String

    @Option(
        name: .customLong("server-activation"),
        help: ArgumentHelp("Required: the server activation file to write.", valueName: "file"))
    var serverActivationOption: String?

    /// The old spelling of `--server-activation`, kept for one release (`sync --server` was a URL).
    @Option(name: .customLong("server"), help: .hidden)
    var legacyServer: String?

    /// The server activation file; `validate()` makes sure there is one.
    var server: String { serverActivationOption ?? legacyServer ?? "" }

    @OptionGroup var password: PasswordOptions

    @Flag(help: "Also give the device the biometry key.")
    var biometry = false

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Protocol version: 3.0 to 3.3.", valueName: "version"))
    var protocolVersion = "3.3"

    @Option(name: .customLong("look-ahead"), help: "The server's look-ahead window (1 to 64).")
    var lookAhead = 20

    @Option(
        name: .customLong("max-failed-attempts"), help: "Failed checks before the activation is blocked (1 to 1000).")
    var maxFailedAttempts = 5

    @Option(
        name: .customLong("master-key"),
        help: ArgumentHelp("Use this application master private key (PEM) instead of a new one.", valueName: "pem"))
    var masterKey: String?

    @Flag(help: "Replace existing files.")
    var force = false

    @OptionGroup var output: JSONDocumentOptions

    func validate() throws {
        try LegacyOption.one(
            serverActivationOption, legacyServer, name: "--server-activation", old: "--server", valueName: "FILE")
        try OptionRange.check(lookAhead, 1...64, "--look-ahead")
        try OptionRange.check(maxFailedAttempts, 1...1000, "--max-failed-attempts")
        try StateFileOption.refuseDash(device, "--device", "the device file is kept and written back by later commands")
        try StateFileOption.refuseDash(server, "--server-activation", "the server file is kept and written back")
    }

    func run() throws {
        guard let secret = try password.resolve() else {
            throw CLIError(.usage, "give the password with --password-stdin, --password-file or --password-env")
        }
        guard !FileIdentity.sameFile(device, server) else {
            throw CLIError(
                .usage, "--device \(device) and --server-activation \(server) name the same file; give two files")
        }
        if !force {
            for path in [device, server] where FileManager.default.fileExists(atPath: path) {
                throw CLIError(.usage, "\(path) exists; use --force to replace it")
            }
        }
        let version = try ProtocolVersion(text: protocolVersion)
        let master: NISTP256.Signing.PrivateKey
        if let masterKey {
            let pem = String(decoding: try FileInput.read(masterKey, limit: 1 << 16), as: UTF8.self)
            do {
                master = try NISTP256.Signing.PrivateKey(pemRepresentation: pem)
            } catch {
                throw CLIError(.malformed, "\(masterKey) is not a P-256 private key in PEM: \(error.reason)")
            }
        } else {
            master = NISTP256.Signing.PrivateKey()
        }
        let pair = try ActivationFactory.create(
            password: secret, biometry: biometry, protocolVersion: version, lookAhead: lookAhead,
            maxFailedAttempts: maxFailedAttempts, masterKey: master)
        try writeBoth(pair)
        StandardStreams.verbose("wrote the server file \(server) and the device file \(device) (0600)")
        let summary = try ActivationSummary(device: pair.device, server: pair.server, path: device, reveal: false)
        if json {
            try JSONOutput.document(summary)
        } else {
            print("Created activation \(pair.device.activationId)")
            print("  device file     \(TerminalText.escaped(device))")
            print("  server file     \(TerminalText.escaped(server))")
            print("  fingerprint     \(summary.fingerprint ?? "-")")
            print("  protocol        \(version.rawValue), look-ahead \(lookAhead), biometry \(biometry ? "yes" : "no")")
        }
    }

    /// Writes the server file, then the device file, holding both files' locks (a run using either waits); when
    /// the device write fails, the server file is undone (a new one removed, a replaced one restored), so a
    /// failure leaves no half-made activation behind.
    private func writeBoth(_ pair: ActivationFactory.Pair) throws {
        try FileLock.withLock(for: server) {
            try FileLock.withLock(for: device) {
                if !force {
                    for path in [device, server] where FileManager.default.fileExists(atPath: path) {
                        throw CLIError(.usage, "\(path) exists; use --force to replace it")
                    }
                }
                let previousServer: Data? = force ? try? FileInput.read(server, limit: 1 << 20) : nil
                try ActivationFile.write(pair.server, to: server)
                do {
                    try ActivationFile.write(pair.device, to: device)
                } catch {
                    if let previousServer {
                        try? AtomicFile.writeState(previousServer, to: server, mode: AtomicFile.secretMode)
                    } else {
                        try? FileManager.default.removeItem(atPath: server)
                    }
                    throw error
                }
            }
        }
    }
}
