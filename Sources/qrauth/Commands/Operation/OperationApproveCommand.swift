import ArgumentParser
import OfflineOperations
import PowerAuth

/// `qrauth operation approve`: the offline approval code, as the mobile token computes it.
struct OperationApproveCommand: ParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Compute the offline approval code of an operation with an activation (advances its counter).",
        discussion: """
            The server signature is verified first (refused unless --unverified). The activation file is \
            locked for the whole run and the counter advance is written to it before the code is printed, so \
            neither a crash nor a parallel run ever reuses a counter. When the code cannot be written to \
            standard output, the counter stays spent and the failure says which one. A wrong password still \
            gives a code (nothing offline can tell); the server rejects it. \
            With --image the operation is read from the QR code in a screenshot or photo (scan and approve in \
            one step). Exit 0 code printed, 1 signature invalid or biometry not allowed, 3 no QR code in the \
            image, 4 malformed input or output not written.
            """
    )

    @Argument(help: "The operation string (use --input for a file or standard input).")
    var operation: String?

    @OptionGroup var input: TextInputOptions

    @Option(
        help: ArgumentHelp(
            "Read the operation from the QR code in this image (PNG, JPEG, WebP, BMP, GIF, TIFF, PBM/PGM/PPM; '-' = stdin).",
            valueName: "file"))
    var image: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("Required: the device activation file (read and written back; not '-').", valueName: "file"))
    var deviceOption: String?

    /// The old spelling of `--device`, kept for one release.
    @Option(name: .customLong("activation"), help: .hidden)
    var legacyActivation: String?

    /// The device activation file; `validate()` makes sure there is one.
    var activation: String { deviceOption ?? legacyActivation ?? "" }

    @OptionGroup var password: PasswordOptions

    @Flag(help: "Use biometry instead of the password (only when the operation has flag B).")
    var biometry = false

    @Option(name: .customLong("uri-id"), help: ArgumentHelp("The uriId the server verifies with.", valueName: "id"))
    var uriId = OfflineApproval.defaultURIID

    @Option(help: "Digits per factor (4 to 8).")
    var digits = 8

    @Option(help: ArgumentHelp("Display grouping: 2x8 (what the verifier takes) or 4x4.", valueName: "2x8|4x4"))
    var group: CodeGroupOption = .twoByEight

    @Flag(help: "Approve even when the server signature does not verify.")
    var unverified = false

    @Flag(help: "Print one JSON document.")
    var json = false
    @OptionGroup var verbosity: VerbosityOptions

    struct Report: Encodable {
        var code: String
        var displayCode: String
        var signatureType: String
        var operationId: String
        var signatureVerified: Bool
        var counter: UInt64
        var unconfirmedCodes: Int
        var lookAhead: Int
    }

    func validate() throws {
        try LegacyOption.one(deviceOption, legacyActivation, name: "--device", old: "--activation", valueName: "FILE")
        try StateFileOption.refuseDash(activation, "--device", "the activation file is read and written back")
        try OptionRange.check(digits, OptionRange.codeDigits, "--digits")
    }

    func run() throws {
        if (input.input == "-" || image == "-") && password.passwordStdin {
            throw CLIError(.usage, "standard input cannot carry both the operation and the password")
        }
        if image != nil, operation != nil || input.input != nil {
            throw CLIError(.usage, "give the operation once: as an argument, with --input, or with --image")
        }
        let secret = try password.resolve()
        switch (biometry, secret) {
        case (true, _?): throw CLIError(.usage, "give either a password or --biometry, not both")
        case (false, nil):
            throw CLIError(
                .usage, "give the password (--password-stdin, --password-file, --password-env) or --biometry")
        default: break
        }
        let parsed =
            try image.map(OperationImage.read)
            ?? OfflineOperation(input.payload(inline: operation, what: "operation"))
        let factor: OfflineApproval.Factor = biometry ? .biometry : .knowledge
        let outcome: OfflineApproval.Outcome
        do {
            outcome = try DeviceTransactions(path: activation).approve(
                parsed, factor: factor, password: secret, uriId: uriId, digits: digits, allowUnverified: unverified)
        } catch let error as PowerAuthError where error.code == .missingFactorKey && biometry {
            throw CLIError(.usage, "the activation has no biometry key (create it with --biometry)")
        }
        let receipt: OfflineApproval.Receipt
        switch outcome {
        case .refused(let check):
            let why =
                check == .keyUnavailable ? "cannot be verified (no master key in the activation)" : "does not verify"
            throw CLIError(.checkFailed, "the operation's server signature \(why); refusing (use --unverified)")
        case .approved(let approved):
            receipt = approved
        }
        let device = receipt.activation
        StandardStreams.verbose("counter \(receipt.counter) spent and saved in \(activation) before printing the code")
        let display = group.grouping.format(receipt.code)
        if json {
            try JSONOutput.document(
                Report(
                    code: receipt.code, displayCode: display, signatureType: receipt.signatureType.rawValue,
                    operationId: parsed.operationId, signatureVerified: receipt.signatureCheck == .valid,
                    counter: device.counter, unconfirmedCodes: device.unconfirmedSignatures,
                    lookAhead: device.lookAhead))
        } else {
            print(display)
        }
        if let failure = StandardStreams.stdoutWriteFailure() {
            throw CLIError(
                .malformed,
                "cannot write the approval code to standard output (\(failure)); the code for counter "
                    + "\(receipt.counter) was spent and is not shown again: approve again for a new code")
        }
        if receipt.signatureCheck != .valid {
            StandardStreams.warning("the server signature was NOT verified (--unverified)")
        }
        if factor == .knowledge {
            StandardStreams.warning(
                "a wrong password gives a wrong code without any error here; only the server can tell")
        }
        if let warning = device.lookAheadWarning { StandardStreams.warning(warning) }
    }
}
