import ArgumentParser
import Foundation
import QRAuthFiles

/// How a secret reaches the tool: never on the command line unless the user insists (design.md).
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
        let sources = [passwordStdin, passwordFile != nil, passwordEnv != nil, password != nil].filter { $0 }.count
        guard sources <= 1 else {
            throw CLIError(
                .usage, "give the password one way only: --password-stdin, --password-file or --password-env")
        }
        if passwordStdin {
            return try firstLine(of: FileInput.read("-", limit: 1 << 16), source: "standard input")
        }
        if let passwordFile {
            return try firstLine(of: FileInput.read(passwordFile, limit: 1 << 16), source: passwordFile)
        }
        if let passwordEnv {
            guard let value = ProcessInfo.processInfo.environment[passwordEnv] else {
                throw CLIError(.usage, "the environment variable \(passwordEnv) named by --password-env is not set")
            }
            return value
        }
        if let password {
            StandardStreams.warning(
                "--password puts the password where other users can see it; prefer --password-stdin")
            return password
        }
        return nil
    }

    private func firstLine(of data: Data, source: String) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.malformed, "the password from \(source) is not valid UTF-8")
        }
        var line = Substring(text)
        if let newline = line.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) { line = line[..<newline] }
        if line.hasSuffix("\r") { line = line.dropLast() }
        return String(line)
    }
}
