import ArgumentParser
import Foundation
import QRAuthFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a secret reaches the tool: never on the command line unless the user insists (design.md).
///
/// Every source follows one rule: the password is UTF-8 text (the first line for stdin and files,
/// the whole value for an environment variable); bytes that are not valid UTF-8 are refused.
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
            // getenv, not ProcessInfo: ProcessInfo repairs invalid UTF-8, and then different byte
            // strings would open the same key.
            guard let raw = getenv(passwordEnv) else {
                throw CLIError(.usage, "the environment variable \(passwordEnv) named by --password-env is not set")
            }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            return try Self.text(Array(bytes), source: "the environment variable \(passwordEnv)")
        }
        if let password {
            StandardStreams.warning(
                "--password puts the password where other users can see it; prefer --password-stdin")
            // The argument list was decoded with repair: a U+FFFD here may stand for bytes that were
            // not UTF-8, and the one rule is that such passwords are refused.
            guard !password.unicodeScalars.contains("\u{FFFD}") else {
                throw CLIError(.malformed, "the password from --password is not valid UTF-8")
            }
            return password
        }
        return nil
    }

    /// The first line under the one secret-line rule (`SecretLine`): less one LF or CRLF, nothing else.
    private func firstLine(of data: Data, source: String) throws -> String {
        try Self.text(SecretLine.firstLine(of: data).line, source: source)
    }

    /// The one rule for every source: a password is UTF-8 text, used as those bytes; anything that
    /// is not valid UTF-8 (or holds NUL) is refused with exit 4 instead of being repaired.
    static func text(_ bytes: [UInt8], source: String, what: String = "password") throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw CLIError(.malformed, "the \(what) from \(source) is not valid UTF-8 text")
        }
        return text
    }
}
