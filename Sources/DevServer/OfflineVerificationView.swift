/// What `POST /admin/offline-operations/{id}/verify` answers.
struct OfflineVerificationView: Encodable {
    var accepted: Bool
    var signatureType: String?
    var matchedIteration: Int?
    var counter: UInt64
    var failedAttempts: Int
    var maxFailedAttempts: Int
    var activationStatus: String
    var operationStatus: String
    var refusal: String?
}
