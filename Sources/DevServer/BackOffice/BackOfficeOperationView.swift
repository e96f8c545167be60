import Foundation
import MobileTokenAPI
import PowerAuth
import QRAuthEncoding

/// `OperationDetailResponse` of the PowerAuth server: an operation as the back-office API shows it.
struct BackOfficeOperationView: Encodable {
    var id: String
    var userId: String?
    var applications: [String]
    var externalId: String?
    var activationFlag: String?
    var operationType: String
    var templateName: String?
    var data: String
    var parameters: [String: String]
    var additionalData: [String: JSONValue]?
    var status: String
    var statusReason: String?
    var signatureType: [String]
    var failureCount: Int
    var maxFailureCount: Int
    var timestampCreated: Date
    var timestampExpires: Date
    var riskFlags: String?
    var proximityOtp: String?
    var activationId: String?

    /// The view of `record`; `proximityOtp` is the current proximity TOTP while it is PENDING.
    init(_ record: OperationRecord, now: Date) {
        let fields = record.backOffice
        id = record.id
        userId = fields?.userId
        applications = fields?.applications ?? []
        externalId = fields?.externalId
        activationFlag = fields?.activationFlag
        operationType = record.name
        templateName = fields?.templateName
        data = record.data
        parameters = fields?.parameters ?? [:]
        additionalData = fields?.additionalData
        status = record.status.rawValue
        statusReason = record.statusReason
        signatureType = fields?.signatureType ?? Self.signatureTypes(record.allowedSignatureType)
        failureCount = record.failureCount
        maxFailureCount = record.maxFailureCount
        timestampCreated = record.created
        timestampExpires = record.expires
        riskFlags = fields?.riskFlags
        activationId = record.activationId
        if record.status == .pending, let seedText = record.proximitySeed, let seed = StrictBase64.decode(seedText) {
            proximityOtp = try? TOTP.code(
                seed: seed, unixTime: Int64(now.timeIntervalSince1970), step: record.proximityStep ?? 30)
        }
    }

    /// The server's names for the signature types an `/admin` operation allows.
    static func signatureTypes(_ allowed: AllowedSignatureType) -> [String] {
        var names: [String] = allowed.type == .oneFactor ? ["POSSESSION"] : []
        for variant in allowed.variants {
            switch variant {
            case .possession: names.append("POSSESSION")
            case .possessionKnowledge: names.append("POSSESSION_KNOWLEDGE")
            case .possessionBiometry: names.append("POSSESSION_BIOMETRY")
            }
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
