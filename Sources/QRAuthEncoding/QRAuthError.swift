/// The one shape of every module's error: a stable, machine-readable code and one human sentence.
///
/// A conforming type declares its `Code` enum (raw values `domain.snake_case`, never changed once shipped), the two
/// stored properties and an initializer; this protocol gives it the rest once: `description` is the reason, errors
/// are equal (and hash) by code so tests and callers match codes without depending on wording, and a bare code
/// matches an error in `switch` and `#expect`. A type whose description says more (the code too) declares its own.
///
/// Code that reads these members on a concrete error imports `QRAuthEncoding` (MemberImportVisibility); callers that
/// only print an error or read `code` and `reason` need not.
public protocol QRAuthError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable cases of this module's error.
    associatedtype Code: RawRepresentable, Hashable, Sendable where Code.RawValue == String

    /// The stable case.
    var code: Code { get }
    /// One human sentence naming what is wrong; never a secret.
    var reason: String { get }
}

extension QRAuthError {
    /// The stable code as text (`file.not_found`): what scripts, logs and `--json` error objects carry.
    public var codeString: String { code.rawValue }

    /// The human reason.
    public var description: String { reason }

    /// Errors are equal when their codes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Matches an error against a bare code in `switch` and `#expect`.
    public static func ~= (code: Code, error: Self) -> Bool { error.code == code }
}
