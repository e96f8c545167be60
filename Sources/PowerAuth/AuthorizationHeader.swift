public import OfflineOperations

/// The `X-PowerAuth-Authorization` header of a signed online request.
public struct AuthorizationHeader: Sendable, Equatable {
    /// The HTTP header name.
    public static let name = "X-PowerAuth-Authorization"

    /// `pa_version`.
    public var version: ProtocolVersion
    /// `pa_activation_id` (UUID).
    public var activationId: String
    /// `pa_application_key` (Base64 of 16 bytes).
    public var applicationKey: String
    /// `pa_nonce` (Base64 of 16 bytes).
    public var nonce: String
    /// `pa_signature_type`.
    public var signatureType: SignatureType
    /// `pa_signature`: decimal (3.0) or Base64 (3.1+).
    public var signature: String

    /// Makes a header from its fields.
    public init(
        version: ProtocolVersion, activationId: String, applicationKey: String, nonce: String,
        signatureType: SignatureType, signature: String
    ) {
        self.version = version
        self.activationId = activationId
        self.applicationKey = applicationKey
        self.nonce = nonce
        self.signatureType = signatureType
        self.signature = signature
    }

    /// Parses a header value in any field order and validates every field as the server does.
    public init(parsing value: String) throws(PowerAuthError) {
        let field = try HeaderFields.Parsed(value, header: Self.name)
        version = try ProtocolVersion(text: field("pa_version"))
        activationId = try field("pa_activation_id")
        applicationKey = try field("pa_application_key")
        nonce = try field("pa_nonce")
        signatureType = try SignatureType(name: field("pa_signature_type"))
        signature = try field("pa_signature")
        try validate()
    }

    /// Checks the fields as `PowerAuthSignatureHttpHeaderValidator` does.
    public func validate() throws(PowerAuthError) {
        try Self.validateIdentity(activationId: activationId, applicationKey: applicationKey, nonce: nonce)
        guard Self.isWellFormedSignature(signature) else {
            throw PowerAuthError(.header, "pa_signature is neither 1–3 groups of 8 digits nor Base64 of 16–48 bytes")
        }
    }

    /// The value, fields in the mobile SDK's order.
    public var value: String {
        HeaderFields.build([
            ("pa_version", version.rawValue), ("pa_activation_id", activationId),
            ("pa_application_key", applicationKey), ("pa_nonce", nonce),
            ("pa_signature_type", signatureType.rawValue), ("pa_signature", signature),
        ])
    }

    /// The checks of `pa_activation_id`, `pa_application_key` and `pa_nonce`, the same in 3.x and 4.0.
    static func validateIdentity(activationId: String, applicationKey: String, nonce: String) throws(PowerAuthError) {
        guard HeaderFields.isValidUUID(activationId) else {
            throw PowerAuthError(.header, "pa_activation_id is not a UUID")
        }
        guard Base64Field.isValid(applicationKey, lengths: 16...16) else {
            throw PowerAuthError(.header, "pa_application_key must be Base64 of 16 bytes")
        }
        guard Base64Field.isValid(nonce, lengths: 16...16) else {
            throw PowerAuthError(.header, "pa_nonce must be Base64 of 16 bytes")
        }
    }

    static func isWellFormedSignature(_ signature: String) -> Bool {
        switch signature.utf8.count {
        case 8, 17, 26:
            let groups = signature.split(separator: "-", omittingEmptySubsequences: false)
            return groups.allSatisfy { $0.utf8.count == 8 && $0.utf8.allSatisfy { (48...57).contains($0) } }
        case 24, 44, 64:
            return Base64Field.isValid(signature, lengths: 16...48)
        default:
            return false
        }
    }
}
