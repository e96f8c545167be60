public import FoundationEssentials
public import MobileTokenAPI

/// An offline (QR) operation the admin API signed: what the code verifier needs later.
public struct OfflineOperationRecord: Sendable, Equatable, Codable {
    /// The operation id (first line of the QR).
    public var id: String
    /// The activation whose counters a code is checked against.
    public var activationId: String
    /// The raw operation data line.
    public var data: String
    /// The QR nonce (Base64 text).
    public var nonce: String
    /// The TOTP line, when the QR carries one.
    public var totp: String?
    /// The uriId the approval code is made for.
    public var uriId: String
    /// Whether `possession_biometry` codes are accepted (flag `B`).
    public var allowBiometry: Bool
    /// The complete QR text.
    public var payload: String
    /// PENDING, APPROVED or FAILED.
    public var status: OperationStatus
    /// Failed code attempts.
    public var failureCount: Int
    /// Creation time.
    public var created: Date
}
