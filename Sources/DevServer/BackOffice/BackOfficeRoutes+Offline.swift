import FoundationEssentials
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding

extension BackOfficeRoutes {
    /// `/rest/v3/signature/offline/...` and `/rest/v4/auth/offline/...`: personalized and non-personalized payloads,
    /// code verification.
    static var offlineRoutes: [BackOfficeRoute] {
        [
            .typed(
                EndpointPaths.backOffice(.offlinePersonalizedCreate),
                BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest.self
            ) {
                server, body throws(BackOfficeFailure) in
                try server.offline.createPersonalizedOfflinePayload(body)
            },
            .typed(
                EndpointPaths.backOffice(.offlineNonPersonalizedCreate),
                BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest.self
            ) {
                server, body throws(BackOfficeFailure) in
                try server.offline.createNonPersonalizedOfflinePayload(body)
            },
            .typed(EndpointPaths.backOffice(.offlineVerify), OfflineVerifyBody.self) {
                server, body throws(BackOfficeFailure) in
                try server.offline.verifyOfflineSignature(body)
            },
            .typed(V4Path.offlinePersonalizedCreate, BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest.self) {
                server, body throws(BackOfficeFailure) in
                try server.offline.createPersonalizedOfflinePayload(body)
            },
            .typed(
                V4Path.offlineNonPersonalizedCreate, BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest.self
            ) {
                server, body throws(BackOfficeFailure) in
                try server.offline.createNonPersonalizedOfflinePayload(body, protocolV4: true)
            },
            .typed(V4Path.offlineVerify, OfflineVerifyBodyV4.self) {
                server, body throws(BackOfficeFailure) in
                OfflineVerifyResponseV4(try server.offline.verifyOfflineSignature(body.v3))
            },
        ]
    }
}

/// `signature/offline/verify`. Not `BackOffice.VerifyOfflineSignatureRequest`: the server reads a missing
/// `allowBiometry` as false (a Java `boolean`), where the client's type requires it.
struct OfflineVerifyBody: Decodable {
    var activationId: String
    var data: String
    var signature: String
    var allowBiometry: Bool?
    var componentLength: Int?
    var proximityCheck: BackOffice.OfflineProximityCheck?
}

/// `auth/offline/verify` of `/rest/v4`: `signature` is named `authenticationCode` (spec §17).
struct OfflineVerifyBodyV4: Decodable {
    var activationId: String
    var data: String
    var authenticationCode: String
    var allowBiometry: Bool?
    var componentLength: Int?
    var proximityCheck: BackOffice.OfflineProximityCheck?

    /// The same request in its `/rest/v3` form.
    var v3: OfflineVerifyBody {
        OfflineVerifyBody(
            activationId: activationId, data: data, signature: authenticationCode, allowBiometry: allowBiometry,
            componentLength: componentLength, proximityCheck: proximityCheck)
    }
}

/// The `/rest/v4` answer of `auth/offline/verify`: `signatureValid` → `authenticationValid`, `signatureType` →
/// `authenticationCodeType` (spec §17); the other fields as in `/rest/v3`.
struct OfflineVerifyResponseV4: Encodable, Sendable {
    var authenticationValid: Bool
    var activationStatus: ActivationStatus?
    var blockedReason: String?
    var activationId: String?
    var userId: String?
    var applicationId: String?
    @BackOffice.Spelling var authenticationCodeType: SignatureType?
    var remainingAttempts: Int64?
    var applicationRoles: [String]?
    var activationFlags: [String]?

    init(_ v3: BackOffice.VerifyOfflineSignatureResponse) {
        authenticationValid = v3.signatureValid
        activationStatus = v3.activationStatus
        blockedReason = v3.blockedReason
        activationId = v3.activationId
        userId = v3.userId
        applicationId = v3.applicationId
        authenticationCodeType = v3.signatureType
        remainingAttempts = v3.remainingAttempts
        applicationRoles = v3.applicationRoles
        activationFlags = v3.activationFlags
    }
}

/// `/rest/v3/signature/offline/...` and `/rest/v4/auth/offline/...` of the back office: offline payloads signed with the master or an activation's
/// server key, and offline codes verified with the look-ahead.
struct BackOfficeOfflineService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock

    /// A copy of the current state.
    var state: DevServerState { store.snapshot }
}

extension BackOfficeOfflineService {
    /// `personalized/create`: `data` (the five-line block) signed with the activation's server key (key `1`), or for
    /// a 4.0 activation tagged with its `KEY_MAC_PERSONALIZED_DATA` (key `2`), with a proximity TOTP line when
    /// asked. Both REST versions sign by the activation's protocol.
    func createPersonalizedOfflinePayload(
        _ body: BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest
    ) throws(BackOfficeFailure) -> BackOffice.OfflineSignaturePayloadResponse {
        guard let activation = state.activations.first(where: { $0.activationId == body.activationId }) else {
            throw BackOfficeFailure(.activationNotFound, "no activation \(body.activationId)")
        }
        guard activation.counters.status == .active else {
            throw BackOfficeFailure(
                .activationIncorrectState, "activation \(body.activationId) is \(activation.counters.status.rawValue)")
        }
        return try signOfflinePayload(body.data, nonce: body.nonce, proximity: body.proximityCheck) {
            () throws(PowerAuthError) in try activation.offlineSigner(master: false)
        }
    }

    /// `non-personalized/create`: `data` signed with the application's master key: P-256 on `/rest/v3`, the P-384
    /// `KEY_MASTER_ECDSA_P384` on `/rest/v4` (`protocolV4`; made the first time it is needed).
    func createNonPersonalizedOfflinePayload(
        _ body: BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest, protocolV4: Bool = false
    ) throws(BackOfficeFailure) -> BackOffice.OfflineSignaturePayloadResponse {
        guard !body.applicationId.isEmpty else { throw .missing("applicationId") }
        let application = try application(body.applicationId)
        guard protocolV4 else {
            return try signOfflinePayload(body.data, nonce: nil, proximity: nil) {
                () throws(PowerAuthError) in .ecdsaP256(try application.masterSigningKey(), .master)
            }
        }
        let master: NISTP384.PrivateKey
        do {
            master = try store.masterKeyP384(application.applicationId)
        } catch {
            throw BackOfficeFailure(.genericCryptography, error.message)
        }
        return try signOfflinePayload(body.data, nonce: nil, proximity: nil) {
            () throws(PowerAuthError) in .masterP384(master)
        }
    }

    /// `signature/offline/verify`: the approval code over the request data, with the look-ahead window; the
    /// counter, failed attempts and blocking are persisted before the answer.
    func verifyOfflineSignature(
        _ body: OfflineVerifyBody
    ) throws(BackOfficeFailure) -> BackOffice.VerifyOfflineSignatureResponse {
        guard !body.signature.isEmpty else { throw .missing("signature") }
        let digits = body.componentLength ?? 8
        guard (4...8).contains(digits) else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.componentLength must be 4 to 8")
        }
        let request = try Self.signedRequest(parsing: body.data)
        var proximity: SignatureVerifier.ProximityTOTP?
        if let given = body.proximityCheck {
            let (seed, step) = try Self.proximity(given)
            let pastSteps = Int(clamping: given.stepCount ?? 1)
            guard (0...100).contains(pastSteps) else {
                throw BackOfficeFailure(.invalidRequest, "requestObject.proximityCheck.stepCount must be 0 to 100")
            }
            proximity = .init(
                seed: seed, step: step, pastSteps: pastSteps, unixTime: Int64(clock.now.timeIntervalSince1970))
        }
        let check = ApprovalCodeCheck(
            request: request, allowBiometry: body.allowBiometry ?? false, digits: digits, proximity: proximity)
        guard let activation = store.activation(id: body.activationId) else {
            throw BackOfficeFailure(.activationNotFound, "no activation \(body.activationId)")
        }
        let keys: FactorKeys?
        do {
            keys = activation.v4 == nil ? try store.factorKeys(for: activation) : nil
        } catch {
            throw BackOfficeFailure(.genericCryptography, error.reason)
        }
        return try store.backOfficeTransaction {
            (state, changed) throws(BackOfficeFailure) -> BackOffice.VerifyOfflineSignatureResponse in
            guard let index = state.activations.firstIndex(where: { $0.activationId == body.activationId }) else {
                throw BackOfficeFailure(.activationNotFound, "no activation \(body.activationId)")
            }
            let result: SignatureVerification
            do {
                result = try state.activations[index].verifyApprovalCode(body.signature, check, keys: keys)
            } catch let error as PowerAuthError {
                throw BackOfficeFailure(.invalidInputFormat, error.reason)
            } catch {
                throw BackOfficeFailure(.unknown, "the code check failed")
            }
            changed = true
            let counters = state.activations[index].counters
            return BackOffice.VerifyOfflineSignatureResponse(
                signatureValid: result.isValid,
                activationStatus: counters.status,
                blockedReason: state.activations[index].reportedBlockedReason,
                activationId: body.activationId, userId: state.activations[index].backOfficeUserId,
                applicationId: state.activations[index].backOfficeApplicationId,
                signatureType: result.isValid ? result.signatureType : nil,
                remainingAttempts: Int64(max(0, counters.maxFailedAttempts - counters.failedAttempts)),
                applicationRoles: [], activationFlags: [])
        }
    }

    /// Signs an offline data block; the nonce must be Base64 of 16 bytes, the seed Base64 and the step positive.
    private func signOfflinePayload(
        _ data: String, nonce: String?, proximity given: BackOffice.OfflineProximityCheck?,
        signer: () throws(PowerAuthError) -> OfflinePayloadSigner.Signer
    ) throws(BackOfficeFailure) -> BackOffice.OfflineSignaturePayloadResponse {
        guard !data.isEmpty else { throw .missing("data") }
        if let nonce, StrictBase64.decode(nonce)?.count != 16 {
            throw BackOfficeFailure(.invalidInputFormat, "requestObject.nonce must be Base64 of 16 bytes")
        }
        var proximity: OfflinePayloadSigner.Proximity?
        if let given {
            let (seed, step) = try Self.proximity(given)
            proximity = .init(seed: seed, step: step, unixTime: Int64(clock.now.timeIntervalSince1970))
        }
        do {
            let payload = try OfflinePayloadSigner.sign(
                data: data, signer: try signer(), nonce: nonce, proximity: proximity)
            return BackOffice.OfflineSignaturePayloadResponse(offlineData: payload.text, nonce: payload.nonce)
        } catch {
            throw BackOfficeFailure(.genericCryptography, error.reason)
        }
    }

    /// The seed bytes and step of a proximity check.
    private static func proximity(_ given: BackOffice.OfflineProximityCheck) throws(BackOfficeFailure) -> (Data, Int64)
    {
        guard let seed = StrictBase64.decode(given.seed), !seed.isEmpty else {
            throw BackOfficeFailure(.invalidInputFormat, "requestObject.proximityCheck.seed must be Base64")
        }
        guard (1...3600).contains(given.stepLength) else {
            throw BackOfficeFailure(.invalidRequest, "requestObject.proximityCheck.stepLength must be 1 to 3600")
        }
        return (seed, given.stepLength)
    }

    /// Reads `METHOD&B64(uriId)&NONCE&B64(body)` (the offline request data, without `&offline`).
    static func signedRequest(parsing data: String) throws(BackOfficeFailure) -> SignedRequest {
        let parts = data.split(separator: "&", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, let uriId = StrictBase64.decode(parts[1]), let body = StrictBase64.decode(parts[3])
        else {
            throw BackOfficeFailure(
                .invalidInputFormat, "requestObject.data must be METHOD&Base64(uriId)&NONCE&Base64(body)")
        }
        do {
            return try SignedRequest(
                method: parts[0], uriId: String(decoding: uriId, as: UTF8.self), nonce: parts[2], body: body)
        } catch {
            throw BackOfficeFailure(.invalidInputFormat, "requestObject.data: \(error.reason)")
        }
    }

    /// The application `applicationId` (`ERR0015` when the server has no such application).
    private func application(_ applicationId: String) throws(BackOfficeFailure) -> ServerApplication {
        guard let application = state.applications.first(where: { $0.applicationId == applicationId }) else {
            throw BackOfficeFailure(.invalidApplication, "no application \(applicationId)")
        }
        return application
    }
}
