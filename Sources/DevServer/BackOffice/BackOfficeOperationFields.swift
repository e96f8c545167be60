public import MobileTokenAPI
public import OfflineOperations
public import QRAuthEncoding

/// What the back-office API keeps of an operation beyond the Mobile Token API's view
/// (`OperationDetailResponse` of the PowerAuth server).
public struct BackOfficeOperationFields: Sendable, Equatable, Codable {
    /// The user the operation is for; nil until a detail call with `userId` claims a non-personalized one.
    public var userId: String?
    /// The application ids whose activations may see it.
    public var applications: [String]
    /// The bank's own id for it.
    public var externalId: String?
    /// An activation flag the approving activation needs.
    public var activationFlag: String?
    /// The template it was made from.
    public var templateName: String
    /// The `${param}` values.
    public var parameters: [String: String]
    /// Free-form data the bank attached.
    public var additionalData: [String: JSONValue]?
    /// The template's signature types, stored as the back office spells them (`POSSESSION_KNOWLEDGE`, …).
    @BackOffice.Spelling public var signatureType: [SignatureType]
    /// The template's risk flags.
    public var riskFlags: String?
}
