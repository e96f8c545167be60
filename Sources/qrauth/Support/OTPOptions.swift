import ArgumentParser
import Foundation
import QRAuthFiles

/// Where an activation OTP comes from: an environment variable, a file or standard input, never the command line.
struct OTPOptions: ParsableArguments {
    @Option(
        name: .customLong("otp-env"),
        help: ArgumentHelp("Read the activation OTP from this environment variable.", valueName: "var"))
    var otpEnv: String?

    @Option(
        name: .customLong("otp-file"),
        help: ArgumentHelp("Read the activation OTP from a file's first line.", valueName: "file"))
    var otpFile: String?

    @Flag(name: .customLong("otp-stdin"), help: "Read the activation OTP from the first line of standard input.")
    var otpStdin = false

    /// How many sources were given.
    var count: Int { [otpEnv != nil, otpFile != nil, otpStdin].filter { $0 }.count }

    func validate() throws {
        if count > 1 { throw ValidationError("give the OTP one way only: --otp-env, --otp-file or --otp-stdin") }
    }

    /// Refuses `--otp-stdin` beside `--password-stdin`: standard input holds one secret.
    func checkStandardInput(against password: PasswordOptions) throws {
        if otpStdin, password.passwordStdin {
            throw ValidationError("--otp-stdin and --password-stdin cannot both read standard input")
        }
    }

    /// The OTP, or nil when none was asked for. Files and stdin follow the secret-line rule (`SecretLine`).
    func resolve() throws -> String? {
        if let otpEnv {
            guard let value = ProcessInfo.processInfo.environment[otpEnv] else {
                throw CLIError(.usage, "the environment variable \(otpEnv) named by --otp-env is not set")
            }
            return value
        }
        if let otpFile {
            return try PasswordOptions.text(SecretLine.read(otpFile, limit: 1 << 12).line, source: otpFile, what: "OTP")
        }
        if otpStdin {
            return try PasswordOptions.text(
                SecretLine.read("-", limit: 1 << 12).line, source: "standard input", what: "OTP")
        }
        return nil
    }
}
