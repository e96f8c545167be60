import ArgumentParser
import OfflineOperations
import PowerAuth

/// `qrauth operation approve`: the offline approval code, as the mobile token computes it.
struct OperationApproveCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Compute the offline approval code of an operation with an activation (advances its counter).",
        discussion: """
            The server signature is verified first (refused unless --unverified). The activation file is \
            locked for the whole run and the counter advance is written to it before the code is printed, so \
            neither a crash nor a parallel run ever reuses a counter. When the code cannot be written to \
            standard output, the counter stays spent and the failure says which one. A wrong password still \
            gives a code (nothing offline can tell); the server rejects it. A 4.0 device file checks keys 2 \
            and 0 (P-384) and computes the 4.0 code (KMAC, spec section 16; --uri-id is not used for it). \
            With --image the operation is read from the QR code in a screenshot or photo (scan and approve in \
            one step). Exit 0 code printed, 1 signature invalid or biometry not allowed, 3 no QR code in the \
            image, 4 malformed input or output not written.
            """
    )

    @OptionGroup var source: OperationSourceOptions

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

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        var code: String
        var displayCode: String
        var signatureType: String
        var operationId: String
        var signatureVerified: Bool
        var counter: UInt64
        /// 3.x device files only.
        var unconfirmedCodes: Int?
        /// 3.x device files only.
        var lookAhead: Int?
    }

    /// What either protocol's approval gave, for the output.
    private struct Approved {
        var code: String
        var signatureType: SignatureType
        var signatureCheck: OfflineSignatureCheck
        var spentCounter: UInt64
        var counter: UInt64
        var unconfirmedCodes: Int?
        var lookAhead: Int?
        var lookAheadWarning: String?
    }

    func validate() throws {
        try LegacyOption.one(deviceOption, legacyActivation, name: "--device", old: "--activation", valueName: "FILE")
        try StateFileOption.refuseDash(activation, "--device", "the activation file is read and written back")
        try OptionRange.check(digits, OptionRange.codeDigits, "--digits")
    }

    func run() throws {
        if source.readsStandardInput && password.passwordStdin {
            throw CLIError(.usage, "standard input cannot carry both the operation and the password")
        }
        try source.checkOneSource()
        let secret = try password.resolve()
        switch (biometry, secret) {
        case (true, _?): throw CLIError(.usage, "give either a password or --biometry, not both")
        case (false, nil):
            throw CLIError(
                .usage, "give the password (--password-stdin, --password-file, --password-env) or --biometry")
        default: break
        }
        let parsed =
            try source.read()
        let factor: OfflineApproval.Factor = biometry ? .biometry : .knowledge
        let receipt = try approve(parsed, factor: factor, password: secret)
        StandardStreams.verbose(
            "counter \(receipt.spentCounter) spent and saved in \(activation) before printing the code")
        let display = group.grouping.format(receipt.code)
        if json {
            try JSONOutput.document(
                Report(
                    code: receipt.code, displayCode: display, signatureType: receipt.signatureType.rawValue,
                    operationId: parsed.operationId, signatureVerified: receipt.signatureCheck == .valid,
                    counter: receipt.counter, unconfirmedCodes: receipt.unconfirmedCodes,
                    lookAhead: receipt.lookAhead))
        } else {
            print(display)
        }
        if let failure = StandardStreams.stdoutWriteFailure() {
            throw CLIError(
                .malformed,
                "cannot write the approval code to standard output (\(failure)); the code for counter "
                    + "\(receipt.spentCounter) was spent and is not shown again: approve again for a new code")
        }
        if receipt.signatureCheck != .valid {
            StandardStreams.warning("the server signature was NOT verified (--unverified)")
        }
        if factor == .knowledge {
            StandardStreams.warning(
                "a wrong password gives a wrong code without any error here; only the server can tell")
        }
        if let warning = receipt.lookAheadWarning { StandardStreams.warning(warning) }
    }

    /// The code from a 3.x or a 4.0 device file, its counter step saved.
    private func approve(
        _ parsed: OfflineOperation, factor: OfflineApproval.Factor, password: String?
    ) throws -> Approved {
        if ActivationFileCodec.isProtocolV4(activation) {
            let outcome = try PowerAuthV4.OfflineApprovalTransaction.approve(
                path: activation, operation: parsed, factor: factor, password: password, digits: digits,
                allowUnverified: unverified)
            switch outcome {
            case .refused(.keyUnavailable):
                throw CLIError(
                    .checkFailed, "a key 1 payload is for 3.x activations, and this is a 4.0 device file; refusing")
            case .refused(let check):
                try refuse(check)
            case .approved(let receipt):
                return Approved(
                    code: receipt.code, signatureType: receipt.signatureType, signatureCheck: receipt.signatureCheck,
                    spentCounter: UInt64(receipt.counter), counter: UInt64(receipt.counter + 1))
            }
        }
        let outcome: OfflineApproval.Outcome
        do {
            outcome = try DeviceTransactions(path: activation).approve(
                parsed, factor: factor, password: password, uriId: uriId, digits: digits, allowUnverified: unverified)
        } catch let error as PowerAuthError where error.code == .missingFactorKey && biometry {
            throw CLIError(.usage, "the activation has no biometry key (create it with --biometry)")
        }
        switch outcome {
        case .refused(let check):
            try refuse(check)
        case .approved(let receipt):
            let device = receipt.activation
            return Approved(
                code: receipt.code, signatureType: receipt.signatureType, signatureCheck: receipt.signatureCheck,
                spentCounter: receipt.counter, counter: device.counter, unconfirmedCodes: device.unconfirmedSignatures,
                lookAhead: device.lookAhead, lookAheadWarning: device.lookAheadWarning)
        }
    }

    private func refuse(_ check: OfflineSignatureCheck) throws -> Never {
        let why =
            check == .keyUnavailable ? "cannot be verified (no master key in the activation)" : "does not verify"
        throw CLIError(.checkFailed, "the operation's server signature \(why); refusing (use --unverified)")
    }
}
