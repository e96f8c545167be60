import FoundationEssentials
import QRAuthFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one secret (a password, an activation OTP) comes from, and the one rule every source is read by: the
/// secret is UTF-8 text — the first line of standard input or a file (less one LF or CRLF, `SecretLine`), the whole
/// value of an environment variable — and bytes that are not valid UTF-8 (or hold NUL) are refused, never repaired.
enum SecretSource {
    /// `--<option>-stdin`.
    case standardInput
    /// `--<option>-file F`.
    case file(String)
    /// `--<option>-env VAR`.
    case environment(String)
    /// `--<option> VALUE`: visible to other users, for tests only; reading it prints a warning.
    case argument(String)

    /// The one source among those given, or nil when none was; more than one is a usage error.
    static func one(of given: [SecretSource?], option: String, what: String) throws -> SecretSource? {
        let sources = given.compactMap { $0 }
        guard sources.count <= 1 else {
            throw CLIError(
                .usage, "give the \(what) one way only: --\(option)-stdin, --\(option)-file or --\(option)-env")
        }
        return sources.first
    }

    /// Reads the secret; `option` is the flag family (`password` for `--password-*`), `what` names it in messages,
    /// `limit` caps the bytes read from a file or standard input.
    func read(option: String, what: String, limit: Int) throws -> String {
        switch self {
        case .standardInput:
            return try Self.text(SecretLine.read("-", limit: limit).line, source: "standard input", what: what)
        case .file(let path):
            return try Self.text(SecretLine.read(path, limit: limit).line, source: path, what: what)
        case .environment(let name):
            // getenv, not ProcessInfo: ProcessInfo repairs invalid UTF-8, and then different byte
            // strings would open the same key.
            guard let raw = getenv(name) else {
                throw CLIError(.usage, "the environment variable \(name) named by --\(option)-env is not set")
            }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            return try Self.text(Array(bytes), source: "the environment variable \(name)", what: what)
        case .argument(let value):
            StandardStreams.warning(
                "--\(option) puts the \(what) where other users can see it; prefer --\(option)-stdin")
            // The argument list was decoded with repair: a U+FFFD here may stand for bytes that were
            // not UTF-8, and the one rule is that such secrets are refused.
            guard !value.unicodeScalars.contains("\u{FFFD}") else {
                throw CLIError(.malformed, "the \(what) from --\(option) is not valid UTF-8")
            }
            return value
        }
    }

    /// The one rule for every source: a secret is UTF-8 text, used as those bytes; anything that
    /// is not valid UTF-8 (or holds NUL) is refused with exit 4 instead of being repaired.
    static func text(_ bytes: [UInt8], source: String, what: String) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw CLIError(.malformed, "the \(what) from \(source) is not valid UTF-8 text")
        }
        return text
    }
}
