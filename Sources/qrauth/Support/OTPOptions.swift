import ArgumentParser

import FoundationEssentials

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

    /// The OTP, or nil when none was asked for, read by the one rule of `SecretSource`.
    func resolve() throws -> String? {
        try SecretSource.one(
            of: [otpEnv.map { .environment($0) }, otpFile.map { .file($0) }, otpStdin ? .standardInput : nil],
            option: "otp", what: "OTP"
        )?.read(option: "otp", what: "OTP", limit: 1 << 12)
    }
}
