import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `qrauth pins verify-response BODY --challenge C --signature S --public-key B64`: challenge mode.
struct PinsVerifyResponseCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify-response",
        abstract: "Verify a captured /app/init response: the signature over challenge&body, then its entries.",
        discussion: """
            The body must be the exact bytes received (no re-formatting); the challenge is the \
            X-Cert-Pinning-Challenge header text and the signature the X-Cert-Pinning-Signature header. \
            Exit 0 valid, 1 signature invalid, 2 valid but an entry expires within --fail-within (or has \
            expired), 4 malformed.
            """
    )

    @Argument(help: ArgumentHelp("The response body file ('-' for standard input).", valueName: "body"))
    var body: String

    @Option(name: .long, help: "The X-Cert-Pinning-Challenge header value that was sent.")
    var challenge: String

    @Option(name: .long, help: "The X-Cert-Pinning-Signature header value received.")
    var signature: String

    @Option(name: .customLong("public-key"), help: "The app's public key: Base64 of the 65-byte point.")
    var publicKey: String

    @Option(name: .long, help: ArgumentHelp("Judge expiry at this Unix time (default: now).", valueName: "unix"))
    var now: Int64?

    @Option(name: .customLong("fail-within"), help: ArgumentHelp("Expiry warning window.", valueName: "duration"))
    var failWithin: WindowDuration = WindowDuration(seconds: 0)

    @OptionGroup var output: JSONDocumentOptions

    struct EntryReport: Encodable {
        let name: String
        let fingerprint: String
        let expires: Int64
        let depth: Int
        let expiry: EntryVerdict.Expiry
    }

    struct Report: Encodable {
        let valid: Bool
        /// `valid` or `invalid` (the signature over challenge&body).
        let verdict: String
        let challengeAcceptedByServer: Bool
        let timestamp: Int64?
        let entries: [EntryReport]
        let domainsConfig: DomainsConfig?
        let verifyVersionResult: VerifyVersionResult?
    }

    func validate() throws {
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() throws {
        let key = try PublicKeyArgument.parse(publicKey)
        let bytes = try FileInput.read(body)
        let outcome = try ChallengeResponse.verify(
            body: bytes, challenge: challenge, signature: signature, publicKey: key)
        let accepted = ChallengeHeader.isAcceptedByServer(challenge)
        guard case .valid(let response) = outcome else {
            if json {
                try JSONOutput.document(
                    Report(
                        valid: false, verdict: "invalid", challengeAcceptedByServer: accepted, timestamp: nil,
                        entries: [],
                        domainsConfig: nil, verifyVersionResult: nil))
            } else {
                print("INVALID: the signature does not cover \"<challenge>&<body>\" with this key")
                if !accepted { print("note: the server would refuse this challenge (it needs Base64 of 16-32 bytes)") }
            }
            throw ExitWithStatus(status: .checkFailed)
        }
        let time = now ?? UTCTime.now
        var status = ExitStatus.success
        let entries = response.entries.map { entry in
            let expiry: EntryVerdict.Expiry =
                entry.isExpired(at: time)
                ? .expired : (entry.expires < time + failWithin.seconds ? .expiringSoon : .valid)
            if expiry != .valid { status = .expired }
            return EntryReport(
                name: entry.name, fingerprint: entry.fingerprint.base64EncodedString(), expires: entry.expires,
                depth: entry.chainDepth, expiry: expiry)
        }
        if json {
            try JSONOutput.document(
                Report(
                    valid: true, verdict: "valid", challengeAcceptedByServer: accepted, timestamp: response.timestamp,
                    entries: entries,
                    domainsConfig: response.domainsConfig, verifyVersionResult: response.verifyVersionResult))
        } else {
            print("VALID: signed over challenge&body; \(entries.count) entr\(entries.count == 1 ? "y" : "ies")")
            for entry in entries {
                let word = entry.expiry == .valid ? "ok" : entry.expiry == .expired ? "EXPIRED" : "EXPIRING"
                print(
                    "\(word) \(TerminalText.escaped(entry.name)) depth \(entry.depth) \(entry.fingerprint) expires \(UTCTime.text(entry.expires))"
                )
            }
            if let version = response.verifyVersionResult {
                print("app version: \(TerminalText.escaped("\(version.update)"))")
            }
        }
        if status != .success { throw ExitWithStatus(status: status) }
    }
}
