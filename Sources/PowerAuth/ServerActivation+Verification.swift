public import FoundationEssentials

extension ServerActivation {
    /// Checks an offline approval code (any dash grouping) with the look-ahead window and records the
    /// outcome here: counters past the match and failed attempts reset, or failed attempts + 1 (BLOCKED at
    /// the maximum). `keys` are this activation's factor keys when the caller caches them. The caller
    /// persists `self` before telling anyone the result (`ServerTransactions` does). A 4.0 activation is
    /// checked with its 4.0 keys and hash-based counter (`keys` is not used for it).
    public mutating func verifyApprovalCode(
        _ code: String, _ check: ApprovalCodeCheck, keys: FactorKeys? = nil
    ) throws(PowerAuthError) -> SignatureVerification {
        if v4 != nil { return try verifyApprovalCodeV4(code, check) }
        let verifier = try SignatureVerifier(lookAhead: check.lookAhead ?? lookAhead)
        let result = try verifier.verifyOffline(
            code: ApprovalCodeGrouping.normalize(code, componentLength: check.digits),
            requestData: check.request.requestData, allowBiometry: check.allowBiometry,
            componentLength: check.digits, keys: try resolved(keys), state: counters, proximity: check.proximity)
        record(result)
        return result
    }

    /// Checks an online `X-PowerAuth-Authorization` header over `method`, `uriId` and the exact `body`:
    /// the activation and application key first (a mismatch is refused without counting), then the
    /// look-ahead check, recorded here as for `verifyApprovalCode`. A failed `possession` signature does not
    /// count as a failed attempt.
    public mutating func verifySignature(
        _ header: AuthorizationHeader, method: String = "POST", uriId: String, body: Data, keys: FactorKeys? = nil
    ) throws(PowerAuthError) -> SignatureVerification {
        let refusal: String? =
            if header.activationId != activationId {
                "the signature is for another activation"
            } else if header.applicationKey != applicationKey {
                "the application key does not belong to this activation"
            } else {
                nil
            }
        if let refusal {
            return SignatureVerification(
                isValid: false, matchedIteration: nil, signatureType: header.signatureType, matchedTOTP: nil,
                state: counters, blockedNow: false, refusal: refusal)
        }
        let request = try SignedRequest(method: method, uriId: uriId, nonce: header.nonce, body: body)
        let result = try SignatureVerifier(lookAhead: lookAhead).verifyOnline(
            signature: header.signature, type: header.signatureType, version: header.version,
            normalizedData: request.normalizedData(applicationSecret: applicationSecret), keys: try resolved(keys),
            state: counters)
        record(result)
        return result
    }

    private func resolved(_ keys: FactorKeys?) throws(PowerAuthError) -> FactorKeys {
        if let keys { return keys }
        return try factorKeys()
    }

    private mutating func record(_ result: SignatureVerification) {
        counters = result.state
        if result.isValid { lastSignatureType = result.signatureType }
    }
}
