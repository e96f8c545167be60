import ArgumentParser
import FoundationEssentials
import OperationsSync
import PowerAuth

/// `qrauth activation upgrade --url BASE --device FILE --sdk-config B64 (--password-…) [--algorithm SUITE]`: upgrade
/// of a 3.3 activation to protocol 4.0 (`/pa/v4/upgrade/start|confirm`).
struct ActivationUpgradeCommand: AsyncParsableCommand, EnrollmentLeafCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Upgrade a 3.3 activation to protocol 4.0 (when activation status says the server offers it).",
        discussion: """
            As mobile SDK 2.0 does: the suite is --algorithm, else the strongest both sides support (/pa/v4/status). \
            An application-scope 4.0 temporary key (signed with the P-384 master key of the SDK 2.0 --sdk-config, key \
            id 2) encrypts fresh device keys and a fresh shared-secret request to /pa/v4/upgrade/start, signed \
            possession_knowledge with the 3.3 keys (so the password is needed); the answer gives the 4.0 keys and \
            counter data. /pa/v4/upgrade/confirm is then signed possession with the new keys. Only after the server \
            confirmed is the device file replaced, atomically and under its lock, by a 4.0 device file (the \
            knowledge key wrapped under the same password); until then it stays the 3.x file, which keeps working, \
            plus a pending section. Run again after a failure: the pending keys are asked about first \
            (/pa/v4/activation/status): committed by the server already -> adopted; still waiting -> only the \
            confirmation is sent again; unknown -> the upgrade starts over (the server replaces its pending keys). \
            Exit 0 upgraded, 1 the server refused (wrong password: ERR_AUTHENTICATION; ERR_UPGRADE), 4 unusable \
            device file or configuration, 5 network or server error, 64 usage (a 4.0 file, no P-384 master key).
            """)

    @OptionGroup var options: EnrollmentOptions

    @Option(
        name: .customLong("sdk-config"),
        help: ArgumentHelp(
            "The application's SDK 2.0 configuration (Base64, with the P-384 master key, key id 2).",
            valueName: "base64"))
    var sdkConfig: String

    @OptionGroup var password: PasswordOptions

    @Option(
        help: ArgumentHelp(
            "The 4.0 algorithm suite: EC_P384_ML_L3 or EC_P384 (default: the strongest the server offers).",
            valueName: "suite"))
    var algorithm: String?

    @OptionGroup var verbosity: VerbosityOptions

    struct Output: Encodable {
        var activationId: String
        /// `upgraded`, `adopted-committed` (an earlier run's confirmation had reached the server) or `resumed`.
        var outcome: String
        var fingerprint: String
        var path: String
        var protocolVersion: String
        var algorithm: String
    }

    func validate() throws {
        if let algorithm, PowerAuthV4.Suite(rawValue: algorithm) == nil {
            throw ValidationError("--algorithm must be EC_P384_ML_L3 or EC_P384, not \(algorithm)")
        }
    }

    func run() async throws {
        if ActivationFileCodec.isProtocolV4(options.device) {
            throw CLIError(.usage, "\(options.device) is already a protocol 4.0 device file: nothing to upgrade")
        }
        let configuration = try MobileSDKConfiguration(base64: sdkConfig)
        guard let master = configuration.masterPublicKeyP384 else {
            throw CLIError(
                .usage, "the upgrade needs the P-384 master key: give an SDK 2.0 --sdk-config (with key id 2)")
        }
        let application = try PowerAuthV4.Application(
            applicationKey: configuration.applicationKey, applicationSecret: configuration.applicationSecret,
            masterPublicKey: master)
        guard let secret = try password.resolve() else {
            throw CLIError(.usage, "give the password with --password-stdin, --password-file or --password-env")
        }
        guard secret.utf8.count >= 4 else {
            throw CLIError(.usage, "a 4.0 activation needs a password of at least 4 bytes")
        }
        guard
            let suite = try await ActivationActivateCommand.chooseSuite(
                options, application, algorithm: algorithm, required: true, fallback: "no upgrade to 4.0 there")
        else { throw CLIError(.usage, "no 4.0 suite to upgrade to") }
        // The device file's lock is held for the whole upgrade; the run does not store the clock offset at its end
        // (the file it would write to is replaced by the 4.0 one, which records the offset itself).
        let (file, outcome) = try await ActivationFile<DeviceActivation>(path: options.device).clientReading
            .withLockHeld { storage in
                try await EnrollmentRun.with(options, signing: false, rememberClock: false, store: storage) { client in
                    try await client.upgradeV4(storage, application: application, suite: suite, password: secret)
                }
            }
        let output = Output(
            activationId: file.activationId, outcome: JSONSpelling.kebab(outcome.rawValue),
            fingerprint: try file.fingerprint, path: options.device, protocolVersion: file.protocolVersion,
            algorithm: file.suite.rawValue)
        if options.json {
            try JSONOutput.document(output)
            return
        }
        let how =
            switch outcome {
            case .upgraded: "Upgraded"
            case .adoptedCommitted: "Upgraded (the server had confirmed an earlier run)"
            case .resumed: "Upgraded (confirmed an earlier run's start)"
            }
        print("\(how) \(TerminalText.escaped(file.activationId)) to protocol 4.0, \(file.suite.rawValue)")
        print("  fingerprint     \(output.fingerprint) (layout unconfirmed)")
        print("  device file     \(TerminalText.escaped(options.device)) (now a 4.0 device file)")
    }
}
