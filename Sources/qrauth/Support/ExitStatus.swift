import QRAuthEncoding

/// The process exit codes of design.md, shared by every command.
enum ExitStatus: Int32, Comparable, Sendable {
    /// Parsed, verified, trusted, found.
    case success = 0
    /// A check answered no: signature invalid, code rejected, certificate untrusted, entry invalid.
    case checkFailed = 1
    /// An entry or operation is past (or near, with a window) its expiry.
    case expired = 2
    /// No QR code found in an input.
    case noCode = 3
    /// Malformed or unreadable input: parse error, bad key file, undecodable image, bad JSON.
    case malformed = 4
    /// Network or server error.
    case network = 5
    /// Wrong arguments.
    case usage = 64
    /// A bug.
    case internalError = 70

    static func < (lhs: ExitStatus, rhs: ExitStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ExitStatus {
    /// The exit code zbarimg gives for the same outcome, for `scan --zbar-exit-codes` (zbarimg(1), EXIT STATUS):
    /// 0 every image had a code, 4 no code in some image and nothing else wrong, 1 an error with an image or the
    /// arguments (a bad file, an unreadable or malformed one, a usage error; here also a signature that does not
    /// verify), 2 a fatal error (here an internal error).
    var zbarimgCode: Int32 {
        switch self {
        case .success: 0
        case .noCode: 4
        case .internalError: 2
        case .checkFailed, .expired, .malformed, .network, .usage: 1
        }
    }
}

/// An error the command line knows how to report: an exit status and a one-line message.
///
/// Library error types conform in `Support/<Module>+Exit.swift`, so the libraries stay free of
/// process concerns.
protocol ReportableError: Error {
    /// The exit status this error ends the process with.
    var exitStatus: ExitStatus { get }
    /// One human line, without the `qrauth:` prefix. Never contains a secret.
    var message: String { get }
    /// A stable identifier, `domain.snake_case` (`file.not_found`, `cli.usage`): the `code` of the
    /// `{"error":{"code","message"}}` object `--json` prints (docs/json.md).
    var errorCode: String { get }
}

/// A library error (every module's error is a `QRAuthError`) reports its reason and its stable code; its
/// conformance in `Support/<Module>+Exit.swift` says only the exit status, and a message where it adds a hint.
extension ReportableError where Self: QRAuthError {
    var message: String { reason }
    var errorCode: String { codeString }
}

extension ExitStatus {
    /// The error code of a failure the command line itself raises with this status (docs/json.md).
    var errorCode: String {
        switch self {
        case .success: "cli.ok"
        case .checkFailed: "cli.check_failed"
        case .expired: "cli.expired"
        case .noCode: "cli.no_qr_code"
        case .malformed: "cli.malformed_input"
        case .network: "cli.network"
        case .usage: "cli.usage"
        case .internalError: "cli.internal"
        }
    }
}

/// A failure raised by the command line itself.
struct CLIError: ReportableError {
    let exitStatus: ExitStatus
    let message: String
    /// `cli.` and the status class: `cli.usage`, `cli.malformed_input`, ...
    var errorCode: String { exitStatus.errorCode }

    init(_ exitStatus: ExitStatus, _ message: String) {
        self.exitStatus = exitStatus
        self.message = message
    }
}

/// Ends a command with a non-zero status after it has printed its own report (no extra message).
struct ExitWithStatus: Error {
    let status: ExitStatus
}
