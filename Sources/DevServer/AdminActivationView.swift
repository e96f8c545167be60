import OfflineOperations
import PowerAuth

/// An activation as the admin API shows it: ids, counters and status, no key material.
struct AdminActivationView: Encodable {
    var activationId: String
    var status: ActivationStatus
    var counter: UInt64
    var failedAttempts: Int
    var maxFailedAttempts: Int
    var lookAhead: Int
    var tokenIds: [String]
    var lastSignatureType: SignatureType?

    init(_ activation: ServerActivation) {
        activationId = activation.activationId
        status = activation.counters.status
        counter = activation.counters.counter
        failedAttempts = activation.counters.failedAttempts
        maxFailedAttempts = activation.counters.maxFailedAttempts
        lookAhead = activation.lookAhead
        tokenIds = activation.tokens.map(\.id)
        lastSignatureType = activation.lastSignatureType
    }
}
