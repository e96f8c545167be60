public import OfflineOperations

extension OfflineOperation {
    /// The request an approval code signs: POST, `uriId`, this operation's nonce verbatim, body
    /// `operationId&operationData[&totp]`.
    package func approvalRequest(uriId: String = OfflineApproval.defaultURIID) throws(PowerAuthError) -> SignedRequest {
        try OfflineApproval.request(
            operationId: operationId, operationData: operationData, totp: totp, nonce: nonce, uriId: uriId)
    }

    /// The approval code with `factor` (biometry only when the operation carries flag `B`).
    /// The caller must advance and persist the counter before showing the code.
    public func approvalCode(
        factor: OfflineApproval.Factor, keys: FactorKeys, counter: SignatureCounter,
        uriId: String = OfflineApproval.defaultURIID, digits: Int = 8
    ) throws(PowerAuthError) -> String {
        if factor == .biometry, !flags.allowsBiometry {
            throw PowerAuthError(.factorNotAllowed, "the operation does not allow biometry (no flag B)")
        }
        return try OfflineApproval.code(
            request: approvalRequest(uriId: uriId), factor: factor, keys: keys, counter: counter, digits: digits)
    }
}
