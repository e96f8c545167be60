package import OfflineOperations

extension AuthorizationHeader {
    /// Signs `request` for an online call and returns the header; the format follows `version`
    /// (3.0 decimal, 3.1+ Base64). The caller must advance and persist the counter first.
    package static func sign(
        request: SignedRequest, type: SignatureType, keys: FactorKeys, counter: SignatureCounter,
        activationId: String, applicationKey: String, applicationSecret: String, version: ProtocolVersion = .v33
    ) throws(PowerAuthError) -> AuthorizationHeader {
        let signature = try PowerAuthSignature.compute(
            type: type, keys: keys, counter: counter,
            data: request.normalizedData(applicationSecret: applicationSecret),
            format: SignatureFormat(version: version))
        return AuthorizationHeader(
            version: version, activationId: activationId, applicationKey: applicationKey, nonce: request.nonce,
            signatureType: type, signature: signature)
    }
}
