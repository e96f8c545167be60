import ArgumentParser
import MobileTokenAPI
import OperationsSync

/// `qrauth push register --platform P --token T [--environment E] [--signed]`.
struct PushRegisterCommand: AsyncParsableCommand, SyncCallCommand {
    static let configuration = CommandConfiguration(
        commandName: "register",
        abstract: "Register a push token (token-authenticated /api/push/device/register/token, as the SDKs do).")

    @Option(
        help: ArgumentHelp(
            "apns, fcm or hms (legacy: ios, android, huawei).", valueName: "platform"))
    var platform: PushPlatform
    @Option(help: ArgumentHelp("The device's push token.", valueName: "token")) var token: String
    @Option(help: ArgumentHelp("APNs environment: development or production.", valueName: "environment"))
    var environment: PushEnvironment?
    @Flag(help: "Use the signed endpoint /api/push/device/register (possession signature) of older SDKs.")
    var signed = false
    @OptionGroup var connection: SyncConnectionOptions
    @OptionGroup var verbosity: VerbosityOptions

    func validate() throws {
        guard !token.isEmpty else { throw ValidationError("--token must not be empty") }
    }

    func run() async throws {
        let registration = PushRegistration(platform: platform, token: token, environment: environment)
        try await show(
            { try await $0.registerPush(registration, authentication: signed ? .signature : .token) },
            json: { _ in registration },
            lines: { _ in ["registered \(platform.rawValue) token\(environment.map { ", \($0.rawValue)" } ?? "")"] })
    }
}
