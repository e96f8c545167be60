package import FoundationEssentials
import QRAuthCrypto

extension PowerAuthV4 {
    /// `X-PowerAuth-Authorization` of protocol 4.0 (spec §18): `pa_auth_code_type` and `pa_auth_code` replace the
    /// 3.x `pa_signature_type` and `pa_signature`; the code is Base64 of 32 or 64 bytes.
    package struct AuthorizationHeader: Sendable, Equatable {
        /// The header name (the same as in 3.x).
        package static let name = "X-PowerAuth-Authorization"

        package var applicationKey: String
        package var activationId: String
        package var codeType: AuthenticationCode.CodeType
        package var authCode: String
        package var nonce: String

        package init(
            applicationKey: String, activationId: String, codeType: AuthenticationCode.CodeType, authCode: String,
            nonce: String
        ) {
            self.applicationKey = applicationKey
            self.activationId = activationId
            self.codeType = codeType
            self.authCode = authCode
            self.nonce = nonce
        }

        /// Parses a header value; order-free; `pa_version` must be `4.0`.
        package init(parsing value: String) throws(PowerAuthError) {
            let field = try HeaderFields.Parsed(value, header: Self.name)
            try field.requireVersion("pa_version", version)
            applicationKey = try field("pa_application_key")
            activationId = try field("pa_activation_id")
            let typeName = try field("pa_auth_code_type")
            guard let type = AuthenticationCode.CodeType(rawValue: typeName) else {
                throw PowerAuthError(
                    .signatureType, "pa_auth_code_type must be possession, possession_knowledge or possession_biometry")
            }
            codeType = type
            authCode = try field("pa_auth_code")
            nonce = try field("pa_nonce")
            try validate()
        }

        /// The 4.0 validator: UUID activation id, 16-byte application key and nonce, a code of 44 or 88 characters.
        package func validate() throws(PowerAuthError) {
            try PowerAuth.AuthorizationHeader.validateIdentity(
                activationId: activationId, applicationKey: applicationKey, nonce: nonce)
            guard authCode.utf8.count == 44 || authCode.utf8.count == 88,
                Base64Field.isValid(authCode, lengths: 32...64)
            else { throw PowerAuthError(.header, "pa_auth_code must be Base64 of 32 or 64 bytes") }
        }

        /// The header value in SDK 2.0's order.
        package var value: String {
            HeaderFields.build([
                ("pa_version", version), ("pa_application_key", applicationKey), ("pa_activation_id", activationId),
                ("pa_auth_code_type", codeType.rawValue), ("pa_auth_code", authCode), ("pa_nonce", nonce),
            ])
        }
    }

    /// `X-PowerAuth-Token` of protocol 4.0 (spec §18): the 3.x field names, `version="4.0"`, a KMAC digest.
    package struct TokenHeader: Sendable, Equatable {
        /// The header name (the same as in 3.x).
        package static let name = "X-PowerAuth-Token"

        package var tokenId: String
        package var tokenDigest: String
        package var nonce: String
        package var timestamp: String

        package init(tokenId: String, tokenDigest: String, nonce: String, timestamp: String) {
            self.tokenId = tokenId
            self.tokenDigest = tokenDigest
            self.nonce = nonce
            self.timestamp = timestamp
        }

        /// A fresh header for a token (device).
        package init(
            tokenId: String, tokenSecret: Data, timestampMillis: Int64, nonce: Data? = nil
        ) throws(PowerAuthError) {
            let nonce = nonce ?? SecureRandom.bytes(count: 16)
            let timestamp = String(timestampMillis)
            let digest = try TokenDigest.compute(tokenSecret: tokenSecret, nonce: nonce, timestamp: timestamp)
            self.init(
                tokenId: tokenId, tokenDigest: digest.base64EncodedString(), nonce: nonce.base64EncodedString(),
                timestamp: timestamp)
        }

        /// Parses a header value; `version` must be `4.0`.
        package init(parsing value: String) throws(PowerAuthError) {
            let field = try HeaderFields.Parsed(value, header: Self.name)
            try field.requireVersion("version", version)
            tokenId = try field("token_id")
            tokenDigest = try field("token_digest")
            nonce = try field("nonce")
            timestamp = try field("timestamp")
            try PowerAuth.TokenHeader.validate(tokenDigest: tokenDigest, nonce: nonce, timestamp: timestamp)
        }

        /// The header value.
        package var value: String {
            HeaderFields.build([
                ("version", version), ("token_id", tokenId), ("token_digest", tokenDigest), ("nonce", nonce),
                ("timestamp", timestamp),
            ])
        }

        /// Whether the digest matches `tokenSecret`, in constant time (the caller checks the time window).
        package func matches(tokenSecret: Data) throws(PowerAuthError) -> Bool {
            let nonce = try Base64Field.decode(nonce, field: "nonce", length: 16, canonical: true)
            let digest = try Base64Field.decode(tokenDigest, field: "token_digest", length: 32, canonical: true)
            return ConstantTime.equals(
                try TokenDigest.compute(tokenSecret: tokenSecret, nonce: nonce, timestamp: timestamp), digest)
        }
    }

    /// `X-PowerAuth-Encryption` of protocol 4.0 (spec §10.5): application scope without, activation scope with
    /// `activation_id`.
    package struct EncryptionHeader: Sendable, Equatable {
        /// The header name (the same as in 3.x).
        package static let name = "X-PowerAuth-Encryption"

        package var applicationKey: String
        package var activationId: String?

        package init(applicationKey: String, activationId: String? = nil) {
            self.applicationKey = applicationKey
            self.activationId = activationId
        }

        /// Parses a header value; `version` must be `4.0`.
        package init(parsing value: String) throws(PowerAuthError) {
            let field = try HeaderFields.Parsed(value, header: Self.name)
            try field.requireVersion("version", version)
            applicationKey = try field("application_key")
            activationId = field.fields["activation_id"]
            guard Base64Field.isValid(applicationKey, lengths: 16...16) else {
                throw PowerAuthError(.header, "application_key must be Base64 of 16 bytes")
            }
            if let activationId, !HeaderFields.isValidUUID(activationId) {
                throw PowerAuthError(.header, "activation_id is not a UUID")
            }
        }

        /// The header value.
        package var value: String {
            HeaderFields.build(
                [("version", version), ("application_key", applicationKey)]
                    + (activationId.map { [("activation_id", $0)] } ?? []))
        }
    }

    /// Which protocol a PowerAuth header value speaks: `4.0` when its `pa_version` (authorization) or `version`
    /// (token, encryption) field says so. Servers dispatch on it; a malformed value counts as not 4.0.
    package static func isVersion4Header(_ value: String?) -> Bool {
        guard let value, let fields = try? HeaderFields.parse(value, header: "PowerAuth") else { return false }
        return (fields["pa_version"] ?? fields["version"]) == version
    }
}
