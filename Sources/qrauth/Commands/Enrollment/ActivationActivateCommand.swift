import ArgumentParser
import FoundationEssentials
import OperationsSync
import PowerAuth
import QRAuthFiles

/// `qrauth activation activate --url BASE --code CODE (--sdk-config B64 | --config FILE) --device FILE (--password-…)`:
/// activation via activation code against a real enrollment server.
struct ActivationActivateCommand: AsyncParsableCommand, EnrollmentLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Activate this machine as a mobile token with an activation code (protocol 4.0 or 3.x).",
        discussion: """
            The protocol is chosen as mobile SDK 2.0 does: when the SDK configuration carries the P-384 master key \
            (key id 2), /pa/v4/status is asked for the algorithms the server supports, and the activation is 4.0 \
            with the strongest suite both sides support (EC_P384_ML_L3, then EC_P384); else it is 3.3. --protocol \
            3.3|3.2|4.0 and --algorithm EC_P384|EC_P384_ML_L3 override the choice. In 4.0 the code's Base32 and \
            CRC-16 are checked (a signature part is not verified), the activation is created over /pa/v4 (both \
            layers, hybrid shared secret for EC_P384_ML_L3), the device file is written (protocolVersion 4.0, the \
            suite, the knowledge key wrapped under the password, no activation secret) and the activation is \
            confirmed (/pa/v4/activation/confirm, possession_knowledge). In 3.x the code (CODE or CODE#SIGNATURE \
            from the back office's QR code) is checked first: Base32, CRC-16 and, \
            with a signature, ECDSA with the application's master public key. Then a device key pair is made, both \
            encryption layers are sent (3.3: to a temporary key from /pa/v3/keystore/create; 3.2: to the master \
            key), the answer is decrypted and checked, and the device file is written (mode 0600, atomically) only \
            then; an existing file is untouched on any failure, and an active device file is replaced only with \
            --force. Compare the printed fingerprint with the one the back office shows before it commits the \
            activation. Exit 0 activated, 1 the server refused the code or its answer does not verify, 4 malformed \
            code, configuration or file, 5 network or server error, 64 usage.
            """)

    @OptionGroup var options: EnrollmentOptions

    @Option(help: ArgumentHelp("The activation code, CODE or CODE#SIGNATURE.", valueName: "code"))
    var code: String

    @Option(
        name: .customLong("sdk-config"),
        help: ArgumentHelp("The application's mobile SDK configuration (Base64).", valueName: "base64"))
    var sdkConfig: String?

    @Option(help: ArgumentHelp("A powerauth-cmd-tool config.json with the application values.", valueName: "file"))
    var config: String?

    @OptionGroup var password: PasswordOptions

    @Option(help: ArgumentHelp("The activation's name the back office shows.", valueName: "name"))
    var name: String?

    @Option(
        help: ArgumentHelp(
            "The additional activation OTP itself (visible to other users; prefer --otp-env/--otp-file/--otp-stdin).",
            valueName: "otp"))
    var otp: String?

    @OptionGroup var otpSource: OTPOptions

    @Option(
        name: .customLong("protocol"),
        help: ArgumentHelp(
            "Protocol version: 4.0, 3.3 or 3.2 (default: as SDK 2.0 chooses, 4.0 when both sides can, else 3.3).",
            valueName: "version"))
    var protocolVersion: String?

    @Option(
        help: ArgumentHelp(
            "The 4.0 algorithm suite: EC_P384_ML_L3 or EC_P384 (default: the strongest the server offers).",
            valueName: "suite"))
    var algorithm: String?

    @Flag(help: "Also keep the biometry key (possession_biometry signatures).")
    var biometry = false

    @Flag(help: "Replace an existing active device file.")
    var force = false
    @OptionGroup var verbosity: VerbosityOptions

    struct Output: Encodable {
        var activationId: String
        var fingerprint: String
        /// The device activation file written.
        var path: String
        var protocolVersion: String
        /// The 4.0 algorithm suite (absent for 3.x).
        var algorithm: String?
    }

    func validate() throws {
        if let protocolVersion, !["3.2", "3.3", "4.0"].contains(protocolVersion) {
            throw ValidationError("--protocol must be 4.0, 3.3 or 3.2, not \(protocolVersion)")
        }
        if let algorithm {
            guard PowerAuthV4.Suite(rawValue: algorithm) != nil else {
                throw ValidationError("--algorithm must be EC_P384_ML_L3 or EC_P384, not \(algorithm)")
            }
            if let protocolVersion, protocolVersion != "4.0" {
                throw ValidationError("--algorithm is for protocol 4.0, not \(protocolVersion)")
            }
        }
        if (sdkConfig == nil) == (config == nil) {
            throw ValidationError("give the application with --sdk-config or --config (one of them)")
        }
        if let name, name.utf8.count > 255 { throw ValidationError("--name must be at most 255 bytes") }
        if otp != nil, otpSource.count > 0 {
            throw ValidationError("give the OTP one way only: --otp, --otp-env, --otp-file or --otp-stdin")
        }
        try otpSource.checkStandardInput(against: password)
    }

    /// The activation OTP from the one source given; `--otp` on the command line is warned about like `--password`.
    private func resolveOTP() throws -> String? {
        try otp.map { try SecretSource.argument($0).read(option: "otp", what: "OTP", limit: 1 << 12) }
            ?? otpSource.resolve()
    }

    func run() async throws {
        let (application, applicationV4) = try loadApplication()
        if protocolVersion == "4.0" || algorithm != nil {
            guard applicationV4 != nil else {
                throw CLIError(
                    .usage,
                    "protocol 4.0 needs the P-384 master key: give an SDK 2.0 --sdk-config (with key id 2)")
            }
        }
        if let applicationV4, protocolVersion == nil || protocolVersion == "4.0" {
            // The code first, before any file or network is touched.
            let bare = try EnrollmentClient.checkCodeV4(
                code, application: applicationV4, legacyMaster: try? application.masterKey())
            try refuseExistingFile()
            if let suite = try await chooseSuite(applicationV4) {
                try await activateV4(applicationV4, code: bare, suite: suite)
                return
            }
        }
        // The code first: a malformed code or a bad signature ends here, before any file or network is touched.
        _ = try EnrollmentClient.checkCode(code, application: application)
        try refuseExistingFile()
        guard let secret = try password.resolve() else {
            throw CLIError(.usage, "give the password with --password-stdin, --password-file or --password-env")
        }
        let otp = try resolveOTP()
        let version = protocolVersion ?? ProtocolVersion.v33.rawValue
        let request = EnrollmentClient.ActivationRequest(
            application: application, version: try ProtocolVersion(text: version),
            details: DeviceActivationFlow.DeviceDetails(name: name, otp: otp, platform: "qrauth"), biometry: biometry)
        let completed = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
            try await client.activate(code: code, request: request, password: secret)
        }
        // Locked, so a run using the old file finishes first; the existence check is repeated under the lock.
        try FileLock.withLock(for: options.device) {
            try refuseExistingFile()
            try ActivationFile.write(completed.device, to: options.device)
        }
        if options.json {
            try JSONOutput.document(
                Output(
                    activationId: completed.device.activationId, fingerprint: completed.fingerprint,
                    path: options.device, protocolVersion: version))
        } else {
            print("Activated \(TerminalText.escaped(completed.device.activationId))")
            print("  fingerprint     \(completed.fingerprint)")
            print("  device file     \(TerminalText.escaped(options.device))")
            print("Compare the fingerprint with the back office's; the back office then commits the activation.")
        }
    }

    /// SDK 2.0's choice (`PowerAuthV4.Suite.strongest`) from `/pa/v4/status`, or `--algorithm`; nil: stay on 3.3
    /// (only when no 4.0 was asked for).
    private func chooseSuite(_ application: PowerAuthV4.Application) async throws -> PowerAuthV4.Suite? {
        try await Self.chooseSuite(
            options, application, algorithm: algorithm, required: protocolVersion == "4.0",
            fallback: "use --protocol 3.3")
    }

    /// The 4.0 suite as SDK 2.0 picks it: `algorithm` when given, else the strongest both sides support from
    /// `/pa/v4/status`; nil when the server offers none and 4.0 is not `required` (else an error naming `fallback`).
    /// `activation activate` and `activation upgrade` choose with this.
    static func chooseSuite(
        _ options: EnrollmentOptions, _ application: PowerAuthV4.Application, algorithm: String?, required: Bool,
        fallback: String
    ) async throws -> PowerAuthV4.Suite? {
        if let algorithm, let suite = PowerAuthV4.Suite(rawValue: algorithm) { return suite }
        let offered = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
            try await client.supportedSuitesV4(applicationKey: application.applicationKey)
        }
        if let suite = PowerAuthV4.Suite.strongest(offered: offered ?? []) { return suite }
        guard !required else {
            throw EnrollmentError(
                .server,
                offered == nil
                    ? "the server has no /pa/v4/status: it does not speak protocol 4.0 (\(fallback))"
                    : "the server offers no 4.0 suite qrauth speaks (\(offered ?? []))")
        }
        return nil
    }

    /// Activation in 4.0: create, write the device file, confirm.
    private func activateV4(
        _ application: PowerAuthV4.Application, code: String, suite: PowerAuthV4.Suite
    ) async throws {
        guard let secret = try password.resolve() else {
            throw CLIError(.usage, "give the password with --password-stdin, --password-file or --password-env")
        }
        guard secret.utf8.count >= 4 else {
            throw CLIError(.usage, "a 4.0 activation needs a password of at least 4 bytes")
        }
        let otp = try resolveOTP()
        let details = DeviceActivationFlow.DeviceDetails(name: name, otp: otp, platform: "qrauth")
        let store = EnrollmentClient.DeviceFileV4(path: options.device)
        let fingerprint = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
            let (file, fingerprint) = try await client.activateV4(
                code: code, application: application, suite: suite, details: details, password: secret,
                biometry: biometry)
            // Locked, so a run using the old file finishes first; the existence check is repeated under the lock.
            try FileLock.withLock(for: options.device) {
                try refuseExistingFile()
                try ActivationFile.write(file, to: options.device)
            }
            try await client.confirmV4(store, password: secret, biometry: biometry)
            return fingerprint
        }
        let activationId = try store.load().activationId
        if options.json {
            try JSONOutput.document(
                Output(
                    activationId: activationId, fingerprint: fingerprint, path: options.device,
                    protocolVersion: PowerAuthV4.version, algorithm: suite.rawValue))
        } else {
            print("Activated \(TerminalText.escaped(activationId)) (protocol 4.0, \(suite.rawValue))")
            print("  fingerprint     \(fingerprint) (layout unconfirmed)")
            print("  device file     \(TerminalText.escaped(options.device))")
            print("Compare the fingerprint with the back office's; the back office then commits the activation.")
        }
    }

    /// The application values from `--sdk-config` or `--config`; the master public key is required. The 4.0 values
    /// too when the SDK configuration carries the P-384 master key.
    private func loadApplication() throws -> (DeviceActivationFlow.Application, PowerAuthV4.Application?) {
        if let sdkConfig {
            let configuration = try MobileSDKConfiguration(base64: sdkConfig)
            let v4 = try configuration.masterPublicKeyP384.map { (key) throws(PowerAuthError) in
                try PowerAuthV4.Application(
                    applicationKey: configuration.applicationKey,
                    applicationSecret: configuration.applicationSecret, masterPublicKey: key)
            }
            return (try DeviceActivationFlow.Application(configuration), v4)
        }
        let path = config ?? ""
        let values = try CmdToolConfig.application(from: path)
        guard let masterText = values.masterPublicKey, let master = Data(base64Encoded: masterText),
            !values.applicationKey.isEmpty, !values.applicationSecret.isEmpty
        else {
            throw CLIError(
                .malformed, "\(path) lacks the application key, secret or master public key (mobileSdkConfig)")
        }
        return (
            DeviceActivationFlow.Application(
                applicationKey: values.applicationKey, applicationSecret: values.applicationSecret,
                masterServerPublicKey: master), nil
        )
    }

    /// Refuses to replace an existing file unless it is a removed device file or `--force` was given.
    private func refuseExistingFile() throws {
        guard !force, FileManager.default.fileExists(atPath: options.device) else { return }
        switch try? ActivationFileCodec.readAnyDevice(options.device) {
        case .v3(let existing) where existing.isRemoved: return
        case .v4(let existing) where existing.isRemoved: return
        default: break
        }
        throw CLIError(.usage, "\(options.device) exists; use --force to replace it")
    }
}
