import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto

extension BackOfficeRoutes {
    /// `/rest/v3/activation/...`: init, commit, status, block, unblock, remove, list (spec §5.3), on the
    /// server-side lifecycle (`DevServer+Activations.swift`).
    static var activationRoutes: [BackOfficeRoute] {
        [
            .typed(EndpointPaths.backOffice(.activationInit), BackOfficeService.backOfficeInitActivation),
            .typed(EndpointPaths.backOffice(.activationCommit), BackOffice.CommitActivationRequest.self) {
                server, body throws(BackOfficeFailure) in
                _ = try backOffice { () throws(ActivationLifecycleError) in
                    try server.activations.commitActivation(body.activationId, activationOtp: body.activationOtp)
                }
                return BackOffice.CommitActivationResponse(activationId: body.activationId, activated: true)
            },
            .typed(EndpointPaths.backOffice(.activationStatus), BackOfficeService.backOfficeActivationStatus),
            .typed(EndpointPaths.backOffice(.activationBlock), BackOffice.BlockActivationRequest.self) {
                server, body throws(BackOfficeFailure) in
                let activation = try backOffice { () throws(ActivationLifecycleError) in
                    try server.activations.blockActivation(body.activationId, reason: body.reason)
                }
                return BackOffice.BlockActivationResponse(
                    activationId: activation.activationId, activationStatus: activation.counters.status,
                    blockedReason: activation.reportedBlockedReason)
            },
            .typed(EndpointPaths.backOffice(.activationUnblock), BackOffice.UnblockActivationRequest.self) {
                server, body throws(BackOfficeFailure) in
                let activation = try backOffice { () throws(ActivationLifecycleError) in
                    try server.activations.unblockActivation(body.activationId)
                }
                return BackOffice.UnblockActivationResponse(
                    activationId: activation.activationId, activationStatus: activation.counters.status)
            },
            .typed(EndpointPaths.backOffice(.activationRemove), BackOffice.RemoveActivationRequest.self) {
                server, body throws(BackOfficeFailure) in
                _ = try backOffice { () throws(ActivationLifecycleError) in
                    try server.activations.removeActivation(body.activationId)
                }
                return BackOffice.RemoveActivationResponse(activationId: body.activationId, removed: true)
            },
            .typed(EndpointPaths.backOffice(.activationList), BackOffice.GetActivationListForUserRequest.self) {
                server, body throws(BackOfficeFailure) in
                guard !body.userId.isEmpty else { throw .missing("userId") }
                let statuses = body.activationStatuses.map { Set($0) }
                let all = server.activations.listActivations(
                    userId: body.userId, applicationId: body.applicationId, statuses: statuses)
                let size = max(1, min(body.pageSize ?? 100, 1000))
                let page = max(0, body.pageNumber ?? 0)
                let start = min(
                    all.count, page.multipliedReportingOverflow(by: size).overflow ? all.count : page * size)
                let slice = all[start..<min(all.count, start + size)]
                return BackOffice.GetActivationListForUserResponse(
                    userId: body.userId, activations: slice.map { server.activationSummary($0) })
            },
        ]
    }

    /// Runs a lifecycle call; its refusal becomes the back-office error of the same code.
    static func backOffice<R>(_ body: () throws(ActivationLifecycleError) -> R) throws(BackOfficeFailure) -> R {
        do {
            return try body()
        } catch {
            throw BackOfficeFailure(error)
        }
    }
}

extension BackOfficeFailure {
    /// The back-office failure for a lifecycle refusal (same `ERR00nn` code).
    init(_ error: ActivationLifecycleError) {
        self.init(BackOfficeErrorCode(code: error.code.rawValue), error.reason)
    }
}

extension BackOfficeService {
    /// `activation/init`: the application must exist (`ERR0015`); `timestampActivationExpire` must be a date
    /// in the future (`ERR0011` when unreadable).
    func backOfficeInitActivation(
        _ body: BackOffice.InitActivationRequest
    ) throws(BackOfficeFailure) -> BackOffice.InitActivationResponse {
        guard !body.userId.isEmpty else { throw .missing("userId") }
        guard !body.applicationId.isEmpty else { throw .missing("applicationId") }
        var expires: Int64?
        if let text = body.timestampActivationExpire {
            guard let date = BackOffice.date(text) else {
                throw BackOfficeFailure(.invalidInputFormat, "timestampActivationExpire is not an ISO-8601 date")
            }
            expires = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        }
        if let count = body.maxFailureCount, !(1...1000).contains(count) {
            throw BackOfficeFailure(.invalidRequest, "maxFailureCount must be 1 to 1000")
        }
        let activation = try BackOfficeRoutes.backOffice { () throws(ActivationLifecycleError) in
            try activations.initActivation(
                ActivationInit(
                    userId: body.userId, applicationId: body.applicationId,
                    commitPhase: body.commitPhase ?? .onCommit,
                    activationOtp: body.activationOtp, maxFailureCount: body.maxFailureCount.map { Int($0) },
                    expiresMillis: expires, flags: body.flags ?? []))
        }
        return BackOffice.InitActivationResponse(
            activationId: activation.activationId, activationCode: activation.registration?.activationCode ?? "",
            activationSignature: activation.registration?.activationSignature ?? "", userId: body.userId,
            applicationId: body.applicationId)
    }

    /// `activation/status`: an unknown id is REMOVED (as the real server answers); the code and its signature
    /// only while CREATED, the fingerprint once the device key is there, and with a `challenge` the encrypted
    /// status blob the device would get.
    func backOfficeActivationStatus(
        _ body: BackOffice.GetActivationStatusRequest
    ) throws(BackOfficeFailure) -> BackOffice.GetActivationStatusResponse {
        guard !body.activationId.isEmpty else { throw .missing("activationId") }
        var challenge: Data?
        if let text = body.challenge {
            guard let bytes = Data(base64Encoded: text), bytes.count == 16 else {
                throw BackOfficeFailure(.invalidInputFormat, "challenge must be Base64 of 16 bytes")
            }
            challenge = bytes
        }
        let found = try BackOfficeRoutes.backOffice { () throws(ActivationLifecycleError) in
            try activations.activationStatus(body.activationId)
        }
        guard let activation = found else {
            return BackOffice.GetActivationStatusResponse(
                activationId: body.activationId, activationStatus: .removed,
                encryptedStatusBlob: challenge.map { _ in SecureRandom.bytes(count: 32).base64EncodedString() },
                encryptedStatusBlobNonce: challenge.map { _ in SecureRandom.bytes(count: 16).base64EncodedString() })
        }
        let registration = activation.registration
        let status = activation.counters.status
        let application = store.snapshot.applications.first { $0.applicationId == registration?.applicationId }
        var blob: String?
        var nonce: String?
        if let challenge {
            // Unknown keys or a failure: random bytes, as for an activation without a device key.
            let made = try? ServerStatusFlow().answer(activation, challenge: challenge)
            blob = (made?.blob ?? SecureRandom.bytes(count: 32)).base64EncodedString()
            nonce = (made?.nonce ?? SecureRandom.bytes(count: 16)).base64EncodedString()
        }
        var fingerprint: String?
        if activation.hasDeviceKey,
            let device = try? NISTP256.Signing.PublicKey(x963Representation: activation.devicePublicKey),
            let server = try? NISTP256.Signing.PublicKey(x963Representation: activation.serverPublicKey)
        {
            fingerprint = ActivationFingerprint.v3(
                devicePublicKey: device, activationId: activation.activationId, serverPublicKey: server)
        } else if let v4 = activation.v4 {
            // The 4.0 fingerprint over the ECDSA and (PQC suites) ML-DSA keys, as the device computes it.
            fingerprint = try? v4.fingerprint(activationId: activation.activationId)
        }
        return BackOffice.GetActivationStatusResponse(
            activationId: activation.activationId, activationStatus: status,
            activationOtpValidation: registration.map {
                $0.activationOtp == nil ? "NONE" : $0.commitPhase.rawValue
            },
            commitPhase: registration?.commitPhase,
            blockedReason: activation.reportedBlockedReason,
            activationName: registration?.activationName, userId: registration?.userId, extras: registration?.extras,
            protocol: "powerauth", platform: registration?.platform, deviceInfo: registration?.deviceInfo,
            applicationId: registration?.applicationId, failedAttempts: Int64(activation.counters.failedAttempts),
            maxFailedAttempts: Int64(activation.counters.maxFailedAttempts),
            timestampCreated: registration.map { Self.backOfficeTime($0.createdMillis) },
            timestampLastUsed: registration?.lastUsedMillis.map(Self.backOfficeTime),
            timestampLastChange: registration.map { Self.backOfficeTime($0.lastChangeMillis) },
            encryptedStatusBlob: blob, encryptedStatusBlobNonce: nonce,
            activationCode: status == .created ? registration?.activationCode : nil,
            activationSignature: status == .created ? registration?.activationSignature : nil,
            devicePublicKeyFingerprint: fingerprint,
            version: activation.hasDeviceKey ? 3 : (activation.v4 != nil ? 4 : nil),
            activationFlags: registration?.flags ?? [], applicationRoles: application?.roles ?? [])
    }

    /// One activation of `activation/list`.
    func activationSummary(_ activation: ServerActivation) -> BackOffice.ActivationSummary {
        let registration = activation.registration
        let status = activation.counters.status
        return BackOffice.ActivationSummary(
            activationId: activation.activationId, activationStatus: status,
            blockedReason: activation.reportedBlockedReason,
            activationName: registration?.activationName, extras: registration?.extras, protocol: "powerauth",
            platform: registration?.platform, deviceInfo: registration?.deviceInfo,
            activationFlags: registration?.flags ?? [],
            timestampCreated: registration.map { Self.backOfficeTime($0.createdMillis) },
            timestampLastUsed: registration?.lastUsedMillis.map(Self.backOfficeTime),
            timestampLastChange: registration.map { Self.backOfficeTime($0.lastChangeMillis) },
            userId: registration?.userId, applicationId: registration?.applicationId,
            failedAttempts: Int64(activation.counters.failedAttempts),
            maxFailedAttempts: Int64(activation.counters.maxFailedAttempts),
            devicePublicKeyBase64: activation.hasDeviceKey ? activation.devicePublicKey.base64EncodedString() : nil,
            version: activation.hasDeviceKey ? 3 : nil)
    }

    /// A back-office date (`2025-01-01T12:00:00.000+00:00`) of Unix milliseconds.
    static func backOfficeTime(_ millis: Int64) -> String {
        BackOffice.timestamp(Date(timeIntervalSince1970: TimeInterval(millis) / 1000))
    }
}
