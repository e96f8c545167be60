public import MobileTokenAPI
public import OfflineOperations

/// An operation template of the back-office API (`/rest/v3/operation/template/...`): what an operation created
/// from it gets, with `${param}` placeholders in `dataTemplate` filled from the operation's parameters.
public struct OperationTemplateRecord: Sendable, Equatable, Codable {
    /// The server's numeric id.
    public var id: Int64
    /// The unique name operations are created from.
    public var templateName: String
    /// The operation type (the Mobile Token API's `name`), e.g. `authorize_payment`.
    public var operationType: String
    /// The operation data with `${param}` placeholders.
    public var dataTemplate: String
    /// The allowed signature types, stored as the back office spells them (`POSSESSION_KNOWLEDGE`).
    @BackOffice.Spelling public var signatureType: [SignatureType]
    /// Failed approvals after which an operation becomes FAILED.
    public var maxFailureCount: Int64
    /// Seconds an operation stays PENDING.
    public var expiration: Int64
    /// Risk flags passed through to operations (e.g. `X`, `XFC`).
    public var riskFlags: String?
    /// Whether operations carry a proximity TOTP seed.
    public var proximityCheckEnabled: Bool
}
