import ArgumentParser

/// `qrauth pins ...`: fingerprint lists for release pipelines.
struct PinsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins",
        abstract: "Sign, lint and verify Wultra dynamic SSL-pinning fingerprint lists.",
        discussion: """
            Lists are Wultra's {"fingerprints":[{name, fingerprint, expires, signature}]} JSON; each entry is \
            signed over name&fingerprint&expires (UTF-8, Base64 fingerprint, Unix seconds). Keys are the \
            ssl-pinning-tool's PKCS#8 PEM files; apps are configured with the Base64 65-byte public point.
            Exit codes: 0 good, 1 a signature or check failed, 2 expired (or within --fail-within), \
            4 malformed input, 5 network error, 64 usage error.
            """,
        subcommands: [
            PinsKeygenCommand.self, PinsPublicKeyCommand.self, PinsPrivateKeyCommand.self,
            PinsFingerprintCommand.self, PinsSignCommand.self, PinsVerifyCommand.self,
            PinsVerifyResponseCommand.self, PinsLintCommand.self, PinsPruneCommand.self, PinsCheckCommand.self,
        ]
    )
}
