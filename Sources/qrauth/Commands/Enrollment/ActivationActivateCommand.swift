import ArgumentParser
import Foundation
import OperationsSync
import PowerAuth
import QRAuthFiles

/// `qrauth activation activate --url BASE --code CODE (--sdk-config B64 | --config FILE) --device FILE (--password-…)`:
/// activation via activation code against a real enrollment server.
struct ActivationActivateCommand: AsyncParsableCommand, OutputCommand, JSONOutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "activate",
        abstract: "Activate this machine as a mobile token with an activation code (ECIES, /pa/v3/activation/create).",
        discussion: """
            The code (CODE or CODE#SIGNATURE from the back office's QR code) is checked first: Base32, CRC-16 and, \
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

    @Option(name: .customLong("protocol"), help: ArgumentHelp("Protocol version: 3.3 or 3.2.", valueName: "version"))
    var protocolVersion = "3.3"

    @Flag(help: "Also keep the biometry key (possession_biometry signatures).")
    var biometry = false

    @Flag(help: "Replace an existing active device file.")
    var force = false
    @OptionGroup var verbosity: VerbosityOptions
    var json: Bool { options.json }

    struct Output: Encodable {
        var activationId: String
        var fingerprint: String
        /// The device activation file written.
        var path: String
        var protocolVersion: String
    }

    func validate() throws {
        guard ["3.2", "3.3"].contains(protocolVersion) else {
            throw ValidationError("--protocol must be 3.2 or 3.3, not \(protocolVersion)")
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
        let application = try loadApplication()
        // The code first: a malformed code or a bad signature ends here, before any file or network is touched.
        _ = try EnrollmentClient.checkCode(code, application: application)
        try refuseExistingFile()
        guard let secret = try password.resolve() else {
            throw CLIError(.usage, "give the password with --password-stdin, --password-file or --password-env")
        }
        let otp = try resolveOTP()
        let request = EnrollmentClient.ActivationRequest(
            application: application, version: try ProtocolVersion(text: protocolVersion),
            details: DeviceActivationFlow.DeviceDetails(name: name, otp: otp, platform: "qrauth"), biometry: biometry)
        let completed = try await EnrollmentRun.with(options, signing: false, rememberClock: false) { client in
            try await client.activate(code: code, request: request, password: secret)
        }
        // Locked, so a run using the old file finishes first; the existence check is repeated under the lock.
        try FileLock.withLock(for: options.device) {
            try refuseExistingFile()
            try ActivationFileStore.write(completed.device, to: options.device)
        }
        if options.json {
            try JSONOutput.document(
                Output(
                    activationId: completed.device.activationId, fingerprint: completed.fingerprint,
                    path: options.device, protocolVersion: protocolVersion))
        } else {
            print("Activated \(TerminalText.escaped(completed.device.activationId))")
            print("  fingerprint     \(completed.fingerprint)")
            print("  device file     \(TerminalText.escaped(options.device))")
            print("Compare the fingerprint with the back office's; the back office then commits the activation.")
        }
    }

    /// The application values from `--sdk-config` or `--config`; the master public key is required.
    private func loadApplication() throws -> DeviceActivationFlow.Application {
        if let sdkConfig {
            return try DeviceActivationFlow.Application(MobileSDKConfiguration(base64: sdkConfig))
        }
        let path = config ?? ""
        let values = try CmdToolConfig.application(from: path)
        guard let masterText = values.masterPublicKey, let master = Data(base64Encoded: masterText),
            !values.applicationKey.isEmpty, !values.applicationSecret.isEmpty
        else {
            throw CLIError(
                .malformed, "\(path) lacks the application key, secret or master public key (mobileSdkConfig)")
        }
        return DeviceActivationFlow.Application(
            applicationKey: values.applicationKey, applicationSecret: values.applicationSecret,
            masterServerPublicKey: master)
    }

    /// Refuses to replace an existing file unless it is a removed device file or `--force` was given.
    private func refuseExistingFile() throws {
        guard !force, FileManager.default.fileExists(atPath: options.device) else { return }
        if let existing = try? ActivationFileStore.readDevice(options.device), existing.isRemoved { return }
        throw CLIError(.usage, "\(options.device) exists; use --force to replace it")
    }
}
