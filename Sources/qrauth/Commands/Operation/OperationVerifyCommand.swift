import ArgumentParser
import FoundationEssentials
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding

/// `qrauth operation verify`: check the server's ECDSA signature of an offline operation.
struct OperationVerifyCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify the server signature of an offline operation.",
        discussion: """
            The key indicator on the last line picks the key: 0 = the application master key (--master-key, \
            or the one in --device), 1 = the activation's server key (--device). \
            A protocol 4.0 device file checks 0 with its P-384 master key and 2 with its personalized-data key \
            (a KMAC tag only the device and the server can check); it refuses 1, a 3.x key. \
            Exit 0 valid, 1 invalid, 4 malformed, 64 when the needed key was not given.
            """
    )

    @Argument(help: "The operation string (use --input for a file or standard input).")
    var operation: String?

    @OptionGroup var input: TextInputOptions

    @Option(
        name: .customLong("master-key"),
        help: ArgumentHelp("The master server public key, Base64 of a P-256 point.", valueName: "b64"))
    var masterKey: String?

    @Option(
        name: .customLong("device"),
        help: ArgumentHelp("A device activation file (its server and master public keys).", valueName: "file"))
    var deviceOption: String?

    /// The old spelling of `--device`, kept for one release.
    @Option(name: .customLong("activation"), help: .hidden)
    var legacyActivation: String?

    /// The device activation file, if any.
    var activation: String? { deviceOption ?? legacyActivation }

    func validate() throws {
        try LegacyOption.atMostOne(deviceOption, legacyActivation, name: "--device", old: "--activation")
    }

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        var valid: Bool
        var signingKey: String
        var operationId: String
        /// `valid`, `invalid` or `key-unavailable`.
        var verdict: String
    }

    func run() throws {
        guard masterKey != nil || activation != nil else {
            throw CLIError(.usage, "give --master-key B64 or --device FILE")
        }
        let parsed = try OfflineOperation(input.payload(inline: operation, what: "operation"))
        if let activation, ActivationFileCodec.isProtocolV4(activation) {
            try report(parsed, try verifyV4(parsed, path: activation))
            return
        }
        let device = try activation.map { try ActivationFile<DeviceActivation>.read($0) }
        let master = try masterKey.map { try ServerSignedData.publicKey(base64: $0, field: "--master-key") }
        let check = parsed.checkSignature(
            masterKey: try master ?? device?.masterKey(), personalizedKey: try device?.serverKey())
        if check == .keyUnavailable {
            let needed =
                parsed.signingKey == .master ? "--master-key (or an activation with a master key)" : "--device"
            throw CLIError(.usage, "the operation is signed with the \(parsed.signingKey.rawValue) key: give \(needed)")
        }
        try report(parsed, check)
    }

    /// A 4.0 device file's check (spec §16): `2` with `KEY_MAC_PERSONALIZED_DATA`, `0` with the P-384 master key;
    /// `1` is a 3.x key. The file is read, never written (no counter step: nothing is computed for the server).
    private func verifyV4(_ parsed: OfflineOperation, path: String) throws -> OfflineSignatureCheck {
        guard masterKey == nil else {
            throw CLIError(
                .usage, "--master-key is a 3.x P-256 key; a 4.0 device file carries its P-384 master key: drop it")
        }
        guard case .v4(let file) = try ActivationFileCodec.readAnyDevice(path) else {
            throw CLIError(.malformed, "\(path) is not a protocol 4.0 device file")
        }
        let check = try file.device(password: nil).state.verify(parsed)
        if check == .keyUnavailable {
            throw CLIError(
                .usage,
                "the operation is signed with the personalized key 1, which 3.x activations use; this is a "
                    + "4.0 device file (it checks keys 0 and 2)")
        }
        return check
    }

    private func report(_ parsed: OfflineOperation, _ check: OfflineSignatureCheck) throws {
        let report = Report(
            valid: check == .valid, signingKey: JSONSpelling.kebab(parsed.signingKey.rawValue),
            operationId: parsed.operationId, verdict: JSONSpelling.kebab(check.rawValue))
        if json {
            try JSONOutput.document(report)
        } else {
            let name = parsed.signingKey.rawValue.replacingEvery("_", with: " ")
            print(
                check == .valid
                    ? "valid: signed with the \(name) key"
                    : "INVALID: the signature does not verify with the \(name) key")
        }
        if check != .valid { throw ExitWithStatus(status: .checkFailed) }
    }
}
