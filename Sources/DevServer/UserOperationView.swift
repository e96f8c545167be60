import MobileTokenAPI
import QRAuthEncoding

/// The `UserOperation` JSON of the Mobile Token API (spec §6.6), keys in the server's order.
struct UserOperationView: Encodable {
    var id: String
    var name: String
    var data: String
    var status: String
    var statusReason: String?
    var operationCreated: String
    var operationExpires: String
    var allowedSignatureType: AllowedSignatureType
    var formData: JSONValue
    var ui: JSONValue?

    init(_ record: OperationRecord) {
        id = record.id
        name = record.name
        data = record.data
        status = record.status.rawValue
        statusReason = record.statusReason
        operationCreated = OperationTimestamp.formatServerStyle(record.created)
        operationExpires = OperationTimestamp.formatServerStyle(record.expires)
        allowedSignatureType = record.allowedSignatureType
        formData = record.formData
        ui = record.ui
    }
}
