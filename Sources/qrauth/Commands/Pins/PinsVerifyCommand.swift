import ArgumentParser
import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// `qrauth pins verify LIST.json --public-key B64`: the release gate.
struct PinsVerifyCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify every entry of a static list: signature, expiry, expected names.",
        discussion: """
            Every entry is checked (the apps skip expired ones; a pipeline should not). Exit 0 all good, \
            1 a signature is bad or an expected name has no valid entry, 2 an entry is expired or expires \
            within --fail-within and its name has no newer valid entry that lasts beyond the window (a \
            rotation in progress passes; --strict-expiry fails on every such entry), 4 the list or key is \
            malformed; the highest applies.
            """
    )

    @Argument(help: ArgumentHelp("The list ('-' for standard input).", valueName: "list.json"))
    var list: String

    @Option(name: .customLong("public-key"), help: "The app's public key: Base64 of the 65-byte point.")
    var publicKey: String

    @Option(name: .long, help: ArgumentHelp("Judge expiry at this Unix time (default: now).", valueName: "unix"))
    var now: Int64?

    @Option(
        name: .customLong("fail-within"),
        help: ArgumentHelp(
            "Fail (2) for entries expiring within this window: 30d, 2w, 12h, seconds.", valueName: "duration"))
    var failWithin: WindowDuration = WindowDuration(seconds: 0)

    @Flag(
        name: .customLong("strict-expiry"),
        help: "Fail (2) for every expired or expiring entry, even one a newer entry for its name already covers.")
    var strictExpiry = false

    @Option(name: .customLong("expect-name"), help: "A name that must have a valid, unexpired entry (repeatable).")
    var expectNames: [String] = []

    @Flag(help: "Print the exact signed string of each entry, and what a bad signature was probably signed over.")
    var explain = false

    @OptionGroup var output: JSONDocumentOptions

    struct EntryReport: Encodable {
        let index: Int
        let name: String
        let fingerprint: String
        let expires: Int64
        /// The signature's verdict: `valid`, `invalid` or `missing`.
        let verdict: EntryVerdict.Signature
        let expiry: EntryVerdict.Expiry
        let signedString: String?
        let diagnosis: String?
        /// The index of the newer entry for the same name that covers this expired or expiring one.
        let supersededBy: Int?
    }

    struct Report: Encodable {
        /// Whether the list passes the gate (exit 0).
        let valid: Bool
        let exitCode: Int32
        let entries: [EntryReport]
        let missingNames: [String]
    }

    func validate() throws {
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
    }

    func run() throws {
        let key = try PublicKeyArgument.parse(publicKey)
        let parsed: FingerprintList
        do {
            parsed = try FingerprintList.decode(try FileInput.read(list))
        } catch let error as FingerprintListError {
            throw FingerprintListError(error.code, "\(list): \(error.reason)")
        }
        let time = now ?? UTCTime.now
        let verdicts = FingerprintListVerifier(publicKey: key).verify(parsed, now: time, window: failWithin.seconds)
        let missing = expectNames.filter { name in
            !verdicts.contains { $0.entry.name == name && $0.signature == .valid && $0.expiry != .expired }
        }
        let covering = RotationCoverage.coveringEntries(verdicts)
        var status = ExitStatus.success
        let entries = verdicts.map { verdict in
            if verdict.signature != .valid { status = max(status, .checkFailed) }
            if verdict.expiry != .valid, strictExpiry || covering[verdict.index] == nil {
                status = max(status, .expired)
            }
            let diagnosis =
                verdict.signature == .invalid ? SignatureDiagnosis.diagnose(verdict.entry, publicKey: key) : nil
            return EntryReport(
                index: verdict.index, name: verdict.entry.name,
                fingerprint: verdict.entry.fingerprint.base64EncodedString(), expires: verdict.entry.expires,
                verdict: verdict.signature, expiry: verdict.expiry,
                signedString: explain ? verdict.entry.signedString : nil, diagnosis: diagnosis?.explanation,
                supersededBy: covering[verdict.index])
        }
        if !missing.isEmpty { status = max(status, .checkFailed) }
        if json {
            try JSONOutput.document(
                Report(
                    valid: status == .success, exitCode: status.rawValue, entries: entries, missingNames: missing))
        } else {
            printHuman(entries, missing: missing, now: time)
        }
        if status != .success { throw ExitWithStatus(status: status) }
    }

    private func printHuman(_ entries: [EntryReport], missing: [String], now: Int64) {
        for entry in entries {
            let word: String
            switch (entry.verdict, entry.expiry) {
            case (.invalid, _): word = "BAD-SIGNATURE"
            case (.missing, _): word = "NO-SIGNATURE"
            case (.valid, .expired): word = "EXPIRED"
            case (.valid, .expiringSoon): word = "EXPIRING"
            case (.valid, .valid): word = "ok"
            }
            let cover = entry.supersededBy.map { " (superseded by [\($0)])" } ?? ""
            print(
                "\(word) [\(entry.index)] \(TerminalText.escaped(entry.name)) \(entry.fingerprint) expires \(UTCTime.text(entry.expires))"
                    + cover)
            if let signed = entry.signedString { print("    signed string: \(TerminalText.escaped(signed))") }
            if let diagnosis = entry.diagnosis { print("    probable cause: \(TerminalText.escaped(diagnosis))") }
            if explain, entry.verdict == .invalid, entry.diagnosis == nil {
                print("    probable cause: a different key, or a field changed after signing")
            }
        }
        for name in missing {
            print("MISSING \(TerminalText.escaped(name)): no entry with a valid signature that is not expired")
        }
        let bad = entries.filter { $0.verdict != .valid }.count
        let expired = entries.filter { $0.expiry == .expired }.count
        let expiring = entries.filter { $0.expiry == .expiringSoon }.count
        let superseded = entries.filter { $0.supersededBy != nil }.count
        print(
            "\(entries.count) entries at \(UTCTime.text(now)): \(bad) bad signature(s), \(expired) expired, "
                + "\(expiring) expiring within \(failWithin.seconds / 86_400) day(s)"
                + (superseded > 0 ? ", \(superseded) of them superseded by a newer entry" : ""))
    }
}
