import MobileTokenAPI

/// An online operation as the admin API shows it: the user-facing JSON plus server bookkeeping.
struct AdminOperationView: Encodable {
    var operation: UserOperationView
    var activationId: String?
    var failureCount: Int
    var maxFailureCount: Int
    var proximitySeed: String?
    var proximityStep: Int64?
    var mobileTokenData: JSONValue?

    init(_ record: OperationRecord) {
        operation = UserOperationView(record)
        activationId = record.activationId
        failureCount = record.failureCount
        maxFailureCount = record.maxFailureCount
        proximitySeed = record.proximitySeed
        proximityStep = record.proximityStep
        mobileTokenData = record.mobileTokenData
    }
}
