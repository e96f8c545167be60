public import FoundationEssentials
public import MobileTokenAPI
public import QRAuthEncoding

/// An online operation as the server keeps it: what the API shows plus who may see it and how many
/// approval attempts failed.
public struct OperationRecord: Sendable, Equatable, Codable {
    /// The operation id (UUID).
    public var id: String
    /// The template name, e.g. `authorize_payment` or `login`.
    public var name: String
    /// The operation data (spec §2), echoed by authorize.
    public var data: String
    /// The lifecycle state.
    public var status: OperationStatus
    /// Why the state changed (rejection reason), at most 32 characters.
    public var statusReason: String?
    /// Creation time.
    public var created: Date
    /// Expiry time.
    public var expires: Date
    /// Which signatures approve it.
    public var allowedSignatureType: AllowedSignatureType
    /// `formData`: `title`, `message`, `attributes`, optional `resultTexts`.
    public var formData: JSONValue
    /// The optional `ui` object.
    public var ui: JSONValue?
    /// The activation it is assigned to; nil until claimed.
    public var activationId: String?
    /// Failed approval attempts.
    public var failureCount: Int
    /// Failed attempts after which it becomes FAILED.
    public var maxFailureCount: Int
    /// The proximity TOTP seed (Base64) when authorize must carry `proximityCheck.otp`.
    public var proximitySeed: String?
    /// The proximity TOTP step in seconds.
    public var proximityStep: Int64?
    /// The back-office fields (`/rest/v3/operation/create`); nil for operations made through `/admin`.
    public var backOffice: BackOfficeOperationFields?
    /// When it left PENDING (`timestampFinalized`); nil while pending and for records older than this field.
    public var finalized: Date?
    /// The `mobileTokenData` object the app sent with its approval or rejection; nil when it sent none.
    public var mobileTokenData: JSONValue? = nil

    /// Moves a pending operation past its expiry to EXPIRED; returns true when it changed.
    mutating func expireIfDue(now: Date) -> Bool {
        guard status == .pending, now > expires else { return false }
        status = .expired
        finalized = now
        return true
    }

    /// The error an operation in a final state answers with (ES `handleStatus`), nil when pending.
    var finishedFailure: APIFailure? { Self.failure(for: status) }

    /// The error an operation in `status` answers with, nil when pending.
    static func failure(for status: OperationStatus) -> APIFailure? {
        switch status {
        case .pending: nil
        case .canceled: APIFailure(.operationAlreadyCanceled, "the operation was canceled")
        case .approved, .rejected:
            APIFailure(.operationAlreadyFinished, "the operation is already \(status.rawValue.lowercased())")
        case .failed: APIFailure(.operationAlreadyFailed, "the operation failed (too many attempts)")
        case .expired: APIFailure(.operationExpired, "the operation expired")
        }
    }

    /// Counts a failed approval; at the maximum the operation becomes FAILED.
    mutating func recordFailure(now: Date) {
        failureCount += 1
        if failureCount >= maxFailureCount {
            status = .failed
            finalized = now
        }
    }
}
