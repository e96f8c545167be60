import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthCrypto
import QRAuthFiles

/// `qrauth pins check LIST.json --public-key B64 --cert CERT`: would an app trust this certificate?
struct PinsCheckCommand: AsyncParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Would an app with this list trust this certificate? Prints trusted, untrusted or empty.",
        discussion: """
            Runs the list through the same update and validation a client does (a list with any bad signature \
            is rejected whole, leaving the client with nothing: empty). Exit 0 only for trusted; 1 for \
            untrusted or empty; 4 malformed input; 5 network error with --host.
            """
    )

    @Argument(help: ArgumentHelp("Required: the static list ('-' for standard input).", valueName: "list.json"))
    var listArgument: String?

    /// The old way to give the list, kept for one release (the other `pins` commands take it as an argument).
    @Option(name: .customLong("list"), help: .hidden)
    var legacyList: String?

    /// The list file; `validate()` makes sure there is one.
    var list: String { listArgument ?? legacyList ?? "" }

    @Option(name: .customLong("public-key"), help: "The app's public key: Base64 of the 65-byte point.")
    var publicKey: String

    @OptionGroup var source: CertificateSourceOptions

    @Option(name: .long, help: ArgumentHelp("The client's clock, Unix seconds (default: now).", valueName: "unix"))
    var now: Int64?

    @Option(name: .customLong("expect-name"), help: "The app's expectedCommonNames (repeatable).")
    var expectNames: [String] = []

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let valid: Bool
        /// `trusted`, `untrusted` or `empty`.
        let verdict: String
        /// What a client would make of the list: `ok`, `store-is-empty`, `network-error`, `invalid-data`, ...
        let listUpdate: String
        let commonName: String?
        let fingerprint: String
    }

    func validate() throws {
        if listArgument != nil && legacyList != nil {
            throw ValidationError("give the list once (--list FILE is its old spelling)")
        }
        if listArgument == nil && legacyList == nil {
            throw ValidationError("missing the list file (LIST.json, or '-' for standard input)")
        }
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() async throws {
        let key = try PublicKeyArgument.parse(publicKey)
        let data = try FileInput.read(list)
        do {
            _ = try FingerprintList.decode(data)
        } catch {
            throw FingerprintListError(error.code, "\(list): \(error.reason)")
        }
        let chain = try source.chain()
        let outcome = try await TrustCheck.evaluate(
            list: data, publicKey: key, chain: chain.certificates, now: now ?? UTCTime.now,
            expectedCommonNames: expectNames.isEmpty ? nil : expectNames)
        let report = Report(
            valid: outcome.result == .trusted, verdict: JSONSpelling.kebab(outcome.result.rawValue),
            listUpdate: JSONSpelling.kebab(outcome.update.rawValue), commonName: chain.leaf.subjectCommonName,
            fingerprint: chain.leaf.fingerprintSHA256.base64EncodedString())
        if json {
            try JSONOutput.document(report)
        } else {
            print(outcome.result.rawValue)
            if outcome.update != .ok {
                print(
                    "note: a client would reject this list update (\(outcome.update.rawValue)) and keep nothing from it"
                )
            }
        }
        if outcome.result != .trusted { throw ExitWithStatus(status: .checkFailed) }
    }
}
