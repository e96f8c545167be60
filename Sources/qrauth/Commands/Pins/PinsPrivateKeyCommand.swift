import ArgumentParser
import FingerprintLists

/// `qrauth pins private-key --key KEY.pem`: the tool's `export-private` (Mobile Utility Server format).
struct PinsPrivateKeyCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "private-key",
        abstract: "Print the private key in the Mobile Utility Server format (Base64 of Java BigInteger bytes).",
        discussion: "Same value as `ssl-pinning-tool export-private`. It is the secret key: keep it out of logs."
    )

    @OptionGroup var key: SigningKeyOptions

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let privateKey: String
        let publicKey: String
    }

    func run() throws {
        let signingKey = try key.load()
        if StandardStreams.stdoutIsTerminal {
            StandardStreams.warning("printing a private key on a terminal")
        }
        let report = Report(privateKey: signingKey.exportedPrivateKey, publicKey: signingKey.exportedPublicKey)
        if json {
            try JSONOutput.document(report)
        } else {
            print(report.privateKey)
        }
    }
}
