/// A file could not be read or written; `code` is stable, `reason` is one human sentence.
// Same shape as `QRAuthEncoding.QRAuthError`, written out here because design.md keeps this module free of other
// qrauth modules; the CLI declares the conformance (`FileError+Exit.swift`).
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Stable, machine-readable cases.
    public enum Code: String, Sendable {
        /// The path does not exist.
        case notFound = "file.not_found"
        /// The path exists but cannot be opened (permissions, a directory, ...).
        case unreadable = "file.unreadable"
        /// The input is larger than the caller allows.
        case tooLarge = "file.too_large"
        /// Writing, syncing or renaming into place failed; the destination is unchanged.
        case writeFailed = "file.write_failed"
        /// Another process held the file's lock longer than the caller was willing to wait.
        case locked = "file.locked"
        /// The lock file beside the target could not be created or locked.
        case lockFailed = "file.lock_failed"
        /// A state file must be a regular file with one name (it is replaced atomically), and this is not.
        case notRegular = "file.not_regular"
    }

    /// The stable case.
    public let code: Code
    /// One human sentence naming the path and what went wrong.
    public let reason: String

    /// Makes an error with a code and a human reason.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// A state file with more than one hard link: its lock and its atomic rename follow one name only.
    static func hardLinked(_ path: String, count: Int) -> FileError {
        FileError(
            .notRegular,
            "\(path): has \(count) hard links; a state file must have one name (remove the extra links or copy it)")
    }

    /// The human reason.
    public var description: String { reason }

    /// Errors are equal when their codes are, so tests can match codes.
    public static func == (lhs: FileError, rhs: FileError) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
