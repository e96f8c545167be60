public import FoundationEssentials
public import OfflineOperations
public import QRAuthEncoding

/// An online operation of the Mobile Token API, decoded by the iOS SDK rules; `raw` keeps the JSON as received.
public struct UserOperation: Sendable, Hashable, Identifiable {
    /// The operation id.
    public var id: String
    /// The system name, for example `authorize_payment` or `login`.
    public var name: String
    /// The operation data, echoed verbatim when authorizing.
    public var data: String
    /// The status.
    public var status: OperationStatus
    /// Why the status is what it is (at most 32 characters).
    public var statusReason: String?
    /// When it was created.
    public var created: Date
    /// When it expires.
    public var expires: Date
    /// Which signatures approve it.
    public var allowedSignatureType: AllowedSignatureType
    /// What the user sees.
    public var formData: OperationFormData
    /// Presentation hints.
    public var ui: OperationUIData?
    /// A client-side proximity check (never sent by the server, decodable when present).
    public var proximityCheck: ProximityCheck?
    /// The JSON object exactly as decoded, with the keys this model does not know; nil for a local operation.
    public var raw: JSONValue?

    /// Makes an operation, for example one built locally to approve or reject without listing it.
    public init(
        id: String, name: String = "", data: String, status: OperationStatus = .pending, statusReason: String? = nil,
        created: Date = Date(timeIntervalSince1970: 0), expires: Date = .distantFuture,
        allowedSignatureType: AllowedSignatureType = AllowedSignatureType(
            type: .twoFactor, variants: [.possessionKnowledge, .possessionBiometry]),
        formData: OperationFormData = OperationFormData(title: "", message: ""), ui: OperationUIData? = nil,
        proximityCheck: ProximityCheck? = nil, raw: JSONValue? = nil
    ) {
        self.id = id
        self.name = name
        self.data = data
        self.status = status
        self.statusReason = statusReason
        self.created = created
        self.expires = expires
        self.allowedSignatureType = allowedSignatureType
        self.formData = formData
        self.ui = ui
        self.proximityCheck = proximityCheck
        self.raw = raw
    }

    /// Whether `expires` is before `now`.
    public func isExpired(at now: Date) -> Bool { expires < now }
}
