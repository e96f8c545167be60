import ArgumentParser

import FoundationEssentials

/// How the password reaches the tool: never on the command line unless the user insists (design.md); every
/// source is read by the one rule of `SecretSource`.
struct PasswordOptions: ParsableArguments {
    @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
    var passwordStdin = false

    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp("Read the password from a file's first line.", valueName: "file"))
    var passwordFile: String?

    @Option(
        name: .customLong("password-env"),
        help: ArgumentHelp("Read the password from this environment variable.", valueName: "var"))
    var passwordEnv: String?

    @Option(
        name: .customLong("password"),
        help: ArgumentHelp("The password itself (visible to other users; for tests only).", visibility: .hidden))
    var password: String?

    /// Whether any source was given.
    var isGiven: Bool { passwordStdin || passwordFile != nil || passwordEnv != nil || password != nil }

    /// Resolves the password from the one source given, or nil when none was.
    func resolve() throws -> String? {
        try SecretSource.one(
            of: [
                passwordStdin ? .standardInput : nil, passwordFile.map { .file($0) },
                passwordEnv.map { .environment($0) }, password.map { .argument($0) },
            ], option: "password", what: "password"
        )?.read(option: "password", what: "password", limit: 1 << 16)
    }
}
