import OfflineOperations

/// What `POST /admin/offline-operations/{id}/verify` answers.
struct OfflineVerificationView: Encodable {
    var accepted: Bool
    var signatureType: SignatureType?
    var matchedIteration: Int?
    var counter: UInt64
    var failedAttempts: Int
    var maxFailedAttempts: Int
    var activationStatus: ActivationStatus
    var operationStatus: String
    var refusal: String?
}
