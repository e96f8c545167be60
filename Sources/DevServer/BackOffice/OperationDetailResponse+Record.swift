import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthEncoding

extension BackOffice.OperationDetailResponse {
    /// `record` as the back-office API shows it; `proximityOtp` is the current proximity TOTP while it is PENDING;
    /// the app's `mobileTokenData` is under `additionalData.mobileTokenData`.
    init(_ record: OperationRecord, now: Date) {
        let fields = record.backOffice
        var proximityOtp: String?
        if record.status == .pending, let seedText = record.proximitySeed, let seed = StrictBase64.decode(seedText) {
            proximityOtp = try? TOTP.code(
                seed: seed, unixTime: Int64(now.timeIntervalSince1970), step: record.proximityStep ?? 30)
        }
        var additionalData = fields?.additionalData
        if let mobileTokenData = record.mobileTokenData {
            additionalData = (additionalData ?? [:]).merging(["mobileTokenData": mobileTokenData]) { $1 }
        }
        self.init(
            id: record.id, userId: fields?.userId, applications: fields?.applications ?? [],
            externalId: fields?.externalId, activationFlag: fields?.activationFlag, operationType: record.name,
            templateName: fields?.templateName, data: record.data, parameters: fields?.parameters ?? [:],
            additionalData: additionalData, status: record.status, statusReason: record.statusReason,
            signatureType: fields?.signatureType ?? Self.signatureTypes(record.allowedSignatureType),
            failureCount: Int64(record.failureCount), maxFailureCount: Int64(record.maxFailureCount),
            timestampCreated: BackOffice.timestamp(record.created),
            timestampExpires: BackOffice.timestamp(record.expires),
            timestampFinalized: record.finalized.map(BackOffice.timestamp), riskFlags: fields?.riskFlags,
            proximityOtp: proximityOtp, activationId: record.activationId)
    }

    /// The signature types an `/admin` operation allows: possession for 1FA, then its variants, each once.
    static func signatureTypes(_ allowed: AllowedSignatureType) -> [SignatureType] {
        var seen = Set<SignatureType>()
        return ((allowed.type == .oneFactor ? [.possession] : []) + allowed.variants).filter {
            seen.insert($0).inserted
        }
    }
}
