import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `--key KEY.pem` plus the password options, shared by the commands that read a signing key.
struct SigningKeyOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("The private key: PKCS#8 PEM (plain or encrypted) or SEC1 PEM.", valueName: "key.pem"))
    var key: String

    @OptionGroup var password: PasswordOptions

    /// Reads and opens the key file.
    func load() throws -> PinningSigningKey {
        let data = try FileInput.read(key, limit: 1 << 20)
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.malformed, "\(key): not a PEM text file")
        }
        let secret = try password.resolve()
        do {
            return try PinningSigningKey(pem: text, password: secret)
        } catch {
            throw FingerprintListError(error.code, "\(key): \(error.reason)")
        }
    }
}
