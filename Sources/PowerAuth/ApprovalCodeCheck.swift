public import OfflineOperations

/// What the server checks an offline approval code against: the signed request, the factors allowed,
/// the code length, the window and an optional proximity TOTP.
public struct ApprovalCodeCheck: Sendable {
    /// The request the code signs (`OfflineApproval.request`); without the TOTP when `proximity` is set.
    package var request: SignedRequest
    /// Whether `possession_biometry` is accepted besides `possession_knowledge`.
    public var allowBiometry: Bool
    /// Digits per component (4...8).
    public var digits: Int
    /// The look-ahead window; nil uses the activation's.
    public var lookAhead: Int?
    /// The proximity TOTP the server computes itself, when the operation carries one.
    public var proximity: SignatureVerifier.ProximityTOTP?

    /// Makes a check from its parts.
    package init(
        request: SignedRequest, allowBiometry: Bool, digits: Int = 8, lookAhead: Int? = nil,
        proximity: SignatureVerifier.ProximityTOTP? = nil
    ) {
        self.request = request
        self.allowBiometry = allowBiometry
        self.digits = digits
        self.lookAhead = lookAhead
        self.proximity = proximity
    }

    /// The check of a code made for `operation` with `uriId`; with `proximity`, the TOTP line of the QR is
    /// ignored and the server's own candidates are tried.
    public init(
        operation: OfflineOperation, uriId: String = OfflineApproval.defaultURIID, allowBiometry: Bool,
        digits: Int = 8, lookAhead: Int? = nil, proximity: SignatureVerifier.ProximityTOTP? = nil
    ) throws(PowerAuthError) {
        let request = try OfflineApproval.request(
            operationId: operation.operationId, operationData: operation.operationData,
            totp: proximity == nil ? operation.totp : nil, nonce: operation.nonce, uriId: uriId)
        self.init(
            request: request, allowBiometry: allowBiometry, digits: digits, lookAhead: lookAhead,
            proximity: proximity)
    }
}
