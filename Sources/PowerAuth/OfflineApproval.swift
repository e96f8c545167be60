public import FoundationEssentials
public import OfflineOperations

/// The offline approval code a phone computes for a scanned QR operation.
public enum OfflineApproval {
    /// The uriId the mobile token SDKs use unless told otherwise.
    public static let defaultURIID = "/operation/authorize/offline"

    /// The second factor of an offline approval: the first is always possession.
    public enum Factor: String, Sendable, Codable, CaseIterable {
        /// Password or PIN: `possession_knowledge`.
        case knowledge
        /// Biometry: `possession_biometry`, only when the operation carries flag `B`.
        case biometry

        /// The signature type used.
        public var signatureType: SignatureType {
            self == .knowledge ? .possessionKnowledge : .possessionBiometry
        }
    }

    /// The signed body: `operationId&operationData`, plus `&totp` when a TOTP line is present (even empty).
    public static func body(operationId: String, operationData: String, totp: String?) -> Data {
        OfflineOperation.offlineSigningBody(operationId: operationId, operationData: operationData, totp: totp)
    }

    /// The request an approval signs: POST, `uriId`, the QR nonce verbatim (24 Base64 characters).
    package static func request(
        operationId: String, operationData: String, totp: String?, nonce: String, uriId: String = defaultURIID
    ) throws(PowerAuthError) -> SignedRequest {
        guard nonce.utf8.count == 24 else {
            throw PowerAuthError(.length, "the offline nonce must be 24 Base64 characters, not \(nonce.utf8.count)")
        }
        _ = try Base64Field.decode(nonce, field: "the offline nonce", length: 16)
        return try SignedRequest(
            method: "POST", uriId: uriId, nonce: nonce,
            body: body(operationId: operationId, operationData: operationData, totp: totp))
    }

    /// The approval code for `request` with the counter `counter`: two decimal components of `digits` digits.
    /// The caller must advance and persist the counter before showing the code.
    package static func code(
        request: SignedRequest, factor: Factor, keys: FactorKeys, counter: SignatureCounter, digits: Int = 8
    ) throws(PowerAuthError) -> String {
        try PowerAuthSignature.compute(
            type: factor.signatureType, keys: keys, counter: counter,
            data: request.normalizedData(applicationSecret: SignedRequest.offlineSecret),
            format: SignatureFormat.offline(length: digits))
    }
}
