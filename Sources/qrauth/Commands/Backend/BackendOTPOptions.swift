import ArgumentParser
import Foundation
import QRAuthFiles

/// Where an activation OTP comes from: an environment variable or a file, never the command line.
struct BackendOTPOptions: ParsableArguments {
    @Option(
        name: .customLong("otp-env"),
        help: ArgumentHelp("Read the activation OTP from this environment variable.", valueName: "var"))
    var otpEnv: String?

    @Option(
        name: .customLong("otp-file"),
        help: ArgumentHelp("Read the activation OTP from a file's first line.", valueName: "file"))
    var otpFile: String?

    func validate() throws {
        if otpEnv != nil && otpFile != nil { throw ValidationError("give --otp-env or --otp-file, not both") }
    }

    /// The OTP, or nil when none was asked for.
    func resolve() throws -> String? {
        if let otpEnv {
            guard let value = ProcessInfo.processInfo.environment[otpEnv] else {
                throw CLIError(.usage, "the environment variable \(otpEnv) named by --otp-env is not set")
            }
            return value
        }
        if let otpFile {
            let text = try PasswordOptions.text(Array(try FileInput.read(otpFile, limit: 1 << 12)), source: otpFile)
            return text.split(separator: "\n", omittingEmptySubsequences: false).first.map {
                String($0.hasSuffix("\r") ? $0.dropLast() : $0)
            }
        }
        return nil
    }
}
