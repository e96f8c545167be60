import ArgumentParser
import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRAuthEncoding
import QRAuthFiles

/// `qrauth code verify`: the server's look-ahead check of an offline approval code.
struct CodeVerifyCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Server side: check an approval code with the look-ahead window and update the server file.",
        discussion: """
            Tries possession_knowledge (and possession_biometry with --allow-biometry) for each counter value \
            in [counter, counter + window). Accepted: the counter moves past the match and failed attempts reset. \
            Rejected: failed attempts + 1; at the maximum (default 5) the activation is BLOCKED. A 4.0 server \
            file is checked with its 4.0 keys and hash-based counter (KMAC codes, spec section 16). \
            Exit 0 accepted, 1 rejected, 4 malformed input.
            """
    )

    @Option(
        name: .customLong("server-activation"),
        help: ArgumentHelp("Required: the server activation file (updated in place; not '-').", valueName: "file"))
    var serverActivationOption: String?

    /// The old spelling of `--server-activation`, kept for one release (`sync --server` was a URL).
    @Option(name: .customLong("server"), help: .hidden)
    var legacyServer: String?

    /// The server activation file; `validate()` makes sure there is one.
    var server: String { serverActivationOption ?? legacyServer ?? "" }

    @Option(help: ArgumentHelp("The approval code, NNNNNNNN-NNNNNNNN (4x4 grouping accepted).", valueName: "code"))
    var code: String

    @Option(help: "The operation string (or --input FILE).")
    var operation: String?

    @OptionGroup var input: TextInputOptions

    @Option(help: "The look-ahead window, 1 to 64 (default: the server file's, normally 20).")
    var window: Int?

    @Flag(name: .customLong("allow-biometry"), help: "Also accept possession_biometry codes.")
    var allowBiometry = false

    @Option(name: .customLong("uri-id"), help: ArgumentHelp("The uriId the code was made for.", valueName: "id"))
    var uriId = OfflineApproval.defaultURIID

    @Option(help: "Digits per factor (4 to 8).")
    var digits = 8

    @Option(name: .customLong("totp-seed"), help: ArgumentHelp("Proximity TOTP seed, Base64.", valueName: "b64"))
    var totpSeed: String?

    @Option(name: .customLong("totp-step"), help: "Proximity TOTP step in seconds.")
    var totpStep: Int64 = 30

    @Option(name: .customLong("totp-past-steps"), help: "Past TOTP steps accepted besides the current one.")
    var totpPastSteps = 1

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("A device activation file to resynchronise after an accepted code.", valueName: "file"))
    var deviceOption: String?

    /// The old spelling of `--device`, kept for one release.
    @Option(name: .customLong("activation"), help: .hidden)
    var legacyActivation: String?

    /// The device file to resynchronise, if any.
    var activation: String? { deviceOption ?? legacyActivation }

    @Option(help: ArgumentHelp("Unix time for the TOTP (tests).", visibility: .hidden))
    var now: Int64?

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        var valid: Bool
        /// `accepted` or `rejected`.
        var verdict: String
        var signatureType: String?
        var matchedIteration: Int?
        var counter: UInt64
        var failedAttempts: Int
        var maxFailedAttempts: Int
        var status: String
        var blockedNow: Bool
        var refusal: String?
    }

    func validate() throws {
        try LegacyOption.one(
            serverActivationOption, legacyServer, name: "--server-activation", old: "--server", valueName: "FILE")
        try LegacyOption.atMostOne(deviceOption, legacyActivation, name: "--device", old: "--activation")
        if server == "-" {
            throw ValidationError(
                "--server-activation - is not allowed: the server file is read and written back (give a file)")
        }
        if activation == "-" {
            throw ValidationError(
                "--device - is not allowed: the device file is read and written back (give a file)")
        }
        try OptionRange.check(window, 1...64, "--window")
        try OptionRange.check(digits, OptionRange.codeDigits, "--digits")
        try OptionRange.check(totpStep, OptionRange.totpStepSeconds, "--totp-step")
        try OptionRange.check(totpPastSteps, 0...100, "--totp-past-steps")
        try OptionRange.check(now, OptionRange.unixSeconds, "--now")
        if let activation, FileIdentity.sameFile(activation, server) {
            throw ValidationError(
                "--device and --server-activation name the same file; give the device file to --device")
        }
    }

    func run() throws {
        let parsed = try OfflineOperation(input.payload(inline: operation, what: "operation"))
        var proximity: SignatureVerifier.ProximityTOTP?
        if let totpSeed {
            guard let seed = StrictBase64.decode(totpSeed), !seed.isEmpty else {
                throw CLIError(.malformed, "--totp-seed is not Base64")
            }
            proximity = .init(
                seed: seed, step: totpStep, pastSteps: totpPastSteps, unixTime: UnixClock.seconds(override: now))
        }
        let check = try ApprovalCodeCheck(
            operation: parsed, uriId: uriId, allowBiometry: allowBiometry, digits: digits, lookAhead: window,
            proximity: proximity)
        // The server file stays locked from reading the counters to saving the outcome.
        let (result, serverFile) = try ServerTransactions(path: server).verifyApprovalCode(code, check)
        StandardStreams.verbose(
            "saved \(server): counter \(result.state.counter), failed attempts \(result.state.failedAttempts)")
        if result.isValid, let activation { try resynchronise(activation, with: serverFile) }

        let report = Report(
            valid: result.isValid, verdict: result.isValid ? "accepted" : "rejected",
            signatureType: result.isValid ? result.signatureType.rawValue : nil,
            matchedIteration: result.matchedIteration, counter: result.state.counter,
            failedAttempts: result.state.failedAttempts, maxFailedAttempts: result.state.maxFailedAttempts,
            status: result.state.status.rawValue, blockedNow: result.blockedNow, refusal: result.refusal)
        if json {
            try JSONOutput.document(report)
        } else if result.isValid {
            print(
                "accepted: \(result.signatureType.rawValue), \(result.matchedIteration ?? 0) ahead, counter now "
                    + "\(result.state.counter)")
        } else {
            let reason = result.refusal ?? "no match in the window of \(window ?? serverFile.lookAhead)"
            print(
                "REJECTED: \(reason); failed attempts \(result.state.failedAttempts) of "
                    + "\(result.state.maxFailedAttempts), status \(result.state.status.rawValue)")
        }
        if result.blockedNow { StandardStreams.warning("the activation is now BLOCKED (too many failed attempts)") }
        if !result.isValid { throw ExitWithStatus(status: .checkFailed) }
    }

    /// Tells the device file how far it is ahead of the server now (what the status blob does for a phone).
    private func resynchronise(_ path: String, with serverFile: ServerActivation) throws {
        let distance: Int?
        do {
            distance = try DeviceTransactions(path: path).synchronise(with: serverFile)
        } catch let error as PowerAuthError where error.code == .activationMismatch {
            throw CLIError(.usage, "\(path): \(error.reason)")
        }
        if distance == nil {
            StandardStreams.warning("\(path) is not within 64 steps ahead of the server; its counter was left as is")
        }
    }
}
