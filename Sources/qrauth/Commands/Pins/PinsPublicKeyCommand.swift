import ArgumentParser
import FingerprintLists
import QRAuthCrypto

/// `qrauth pins public-key --key KEY.pem`: the tool's `export`.
struct PinsPublicKeyCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "public-key",
        abstract: "Print the public key apps are configured with: Base64 of the 65-byte uncompressed point.",
        discussion: "Same value as `ssl-pinning-tool export`, but on stdout and with a real exit code."
    )

    @OptionGroup var key: SigningKeyOptions

    @Flag(help: "Also print the SubjectPublicKeyInfo PEM (for `openssl dgst -verify`), after the Base64 line.")
    var pem = false

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let publicKey: String
        let pem: String
    }

    func run() throws {
        let signingKey = try key.load()
        let report = Report(
            publicKey: signingKey.exportedPublicKey, pem: signingKey.privateKey.publicKey.pemRepresentation)
        if json {
            try JSONOutput.document(report)
        } else {
            print(report.publicKey)
            if pem { print(report.pem, terminator: report.pem.hasSuffix("\n") ? "" : "\n") }
        }
    }
}
