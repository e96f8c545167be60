import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `qrauth pins keygen --out KEY.pem`: a new P-256 signing key in the ssl-pinning-tool's format.
struct PinsKeygenCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Generate a P-256 signing key (PKCS#8 PEM, encrypted when a password is given), mode 0600.",
        discussion: "Prints the public key apps are configured with (Base64 of the 65-byte point)."
    )

    @Option(
        name: .long, help: ArgumentHelp("Where to write the key ('-' = standard output).", valueName: "key.pem"))
    var out: String

    @OptionGroup var password: PasswordOptions

    @Flag(help: "Replace an existing key file.")
    var force = false

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let path: String
        let encrypted: Bool
        let publicKey: String
    }

    func validate() throws {
        if out == "-", json {
            throw ValidationError("--out - prints the key on standard output, which --json needs; give a file")
        }
    }

    func run() throws {
        if out == "-" {
            // The key goes to stdout (as `openssl genpkey` does); the public key line moves to stderr.
            let secret = try password.resolve()
            let key = PinningSigningKey.generate()
            let pem = try key.pem(password: secret)
            print(pem.hasSuffix("\n") ? pem : pem + "\n", terminator: "")
            if let failure = StandardStreams.stdoutWriteFailure() {
                throw CLIError(.malformed, "cannot write the key to standard output (\(failure)); no key was kept")
            }
            StandardStreams.note("qrauth: public key \(key.exportedPublicKey)")
            return
        }
        if !force, FileManager.default.fileExists(atPath: out) {
            throw CLIError(.usage, "\(out) exists; give --force to replace it (the old key is lost)")
        }
        let secret = try password.resolve()
        let key = PinningSigningKey.generate()
        try AtomicFile.write(Data(try key.pem(password: secret).utf8), to: out, mode: AtomicFile.secretMode)
        let report = Report(path: out, encrypted: secret != nil, publicKey: key.exportedPublicKey)
        if json {
            try JSONOutput.document(report)
        } else {
            print(report.publicKey)
            StandardStreams.note(
                "qrauth: wrote \(report.encrypted ? "encrypted " : "")P-256 key \(TerminalText.escaped(out)) (0600); the line above is its public key"
            )
        }
    }
}
