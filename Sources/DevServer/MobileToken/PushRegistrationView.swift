import FoundationEssentials
import MobileTokenAPI

/// A push registration as `GET /admin/push` shows it.
struct PushRegistrationView: Encodable {
    var activationId: String
    var userId: String
    var platform: String
    var service: String
    var token: String
    var environment: String?
    var authentication: String
    var timestampRegistered: String

    init(_ record: PushRegistrationRecord) {
        activationId = record.activationId
        userId = record.userId
        platform = record.platform.rawValue
        service = record.platform.service.rawValue
        token = record.token
        environment = record.environment?.rawValue
        authentication = record.authentication
        timestampRegistered = OperationTimestamp.format(record.registered)
    }
}
