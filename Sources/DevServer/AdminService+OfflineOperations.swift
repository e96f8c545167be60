import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding
import QRImaging

extension AdminService {
    /// `POST /admin/offline-operations`: builds and signs an offline QR payload for an activation
    /// (personalized key by default, or the master key), optionally with a proximity TOTP line. A 4.0 activation
    /// gets key `2` (personalized) or `0` with the application's P-384 master key.
    func createOfflineOperation(_ body: CreateOfflineOperationRequest) throws(APIFailure) -> Response {
        let snapshot = store.snapshot
        let targetId: String
        if let id = body.activationId {
            targetId = id
        } else if snapshot.activations.count == 1 {
            targetId = snapshot.activations[0].activationId
        } else {
            throw APIFailure(.invalidRequest, "activationId is required when several activations are loaded")
        }
        guard let activation = snapshot.activations.first(where: { $0.activationId == targetId }) else {
            throw APIFailure(.invalidActivation, "no activation \(targetId) is loaded")
        }
        guard let dataText = body.data else {
            throw APIFailure(.invalidRequest, "data (the operation data line, e.g. A1*A100CZK*...) is required")
        }
        let keyName = body.signingKey ?? "personalized"
        guard let signingKey = OfflineOperation.SigningKey(rawValue: keyName), signingKey != .personalizedMAC else {
            throw APIFailure(.invalidRequest, "signingKey must be master or personalized")
        }
        let uriId = body.uriId ?? OfflineApproval.defaultURIID
        let id = body.id ?? UUID().uuidString.lowercased()
        guard !snapshot.offlineOperations.contains(where: { $0.id == id }) else {
            throw APIFailure(.invalidRequest, "an offline operation \(id) exists already")
        }
        let payload: OfflinePayloadSigner.Payload
        let dataLine: String
        do {
            let operationData = try OperationData(parsing: dataText)
            let builder = OfflineOperationBuilder(
                operationId: id, title: body.title ?? "Confirm operation",
                message: body.message ?? "", versionLetter: operationData.versionLetter,
                templateId: operationData.templateId, fields: operationData.fields,
                flags: .init(rawValue: body.flags ?? "B"), nonce: SecureRandom.bytes(count: 16))
            dataLine = try builder.operationDataLine()
            var proximity: OfflinePayloadSigner.Proximity?
            if let seedText = body.totpSeed {
                guard let seed = StrictBase64.decode(seedText), !seed.isEmpty else {
                    throw APIFailure(.invalidRequest, "totpSeed must be Base64")
                }
                proximity = .init(
                    seed: seed, step: body.totpStep ?? 30,
                    unixTime: Int64(clock.now.timeIntervalSince1970))
            }
            let signer = try offlineSigner(for: activation, master: signingKey == .master)
            payload = try OfflinePayloadSigner.sign(builder, signer: signer, proximity: proximity)
        } catch let error as APIFailure {
            throw error
        } catch let error as OfflineOperationError {
            throw APIFailure(.invalidRequest, error.reason)
        } catch let error as PowerAuthError {
            throw APIFailure(.invalidRequest, error.reason)
        } catch {
            throw APIFailure(.generic, "cannot build the offline operation")
        }
        let parsed: OfflineOperation
        do {
            parsed = try OfflineOperation(payload.text)
        } catch {
            throw APIFailure(.generic, "the signed payload does not parse back: \(error.reason)")
        }
        let record = OfflineOperationRecord(
            id: id, activationId: targetId, data: dataLine, nonce: payload.nonce, totp: parsed.totp, uriId: uriId,
            allowBiometry: parsed.flags.allowsBiometry, payload: payload.text, status: .pending, failureCount: 0,
            created: clock.now)
        try store.transaction { (state, changed) throws(APIFailure) in
            // Pending offline operations have no expiry: only approval or failure finishes them.
            let limit = store.limits.pendingOperations
            guard state.offlineOperations.count(where: { $0.status == .pending }) < limit else {
                throw APIFailure(
                    .invalidRequest,
                    "too many pending offline operations (at most \(limit)): approve or fail some first")
            }
            state.offlineOperations.append(record)
            changed = true
        }
        var view = OfflineOperationView(
            id: id, activationId: targetId, payload: payload.text, nonce: payload.nonce, totp: parsed.totp,
            signingKey: parsed.signingKey.rawValue, uriId: uriId, allowBiometry: record.allowBiometry)
        try renderQR(body.qr, payload: payload.text, into: &view)
        return Envelope.ok(view)
    }

    /// `POST /admin/offline-operations/{id}/verify` `{"code": "NNNNNNNN-NNNNNNNN"}`: the look-ahead
    /// check against the activation's counters (persisted); an accepted code approves the operation.
    func verifyOfflineCode(_ id: String, body: VerifyOfflineCodeRequest) throws(APIFailure) -> Response {
        guard let code = body.code else { throw APIFailure(.invalidRequest, "code is required") }
        let snapshot = store.snapshot
        guard let operation = snapshot.offlineOperations.first(where: { $0.id == id }) else {
            throw APIFailure(.invalidOperation, "no offline operation \(id)")
        }
        guard let activation = snapshot.activations.first(where: { $0.activationId == operation.activationId }) else {
            throw APIFailure(.invalidActivation, "the operation's activation is no longer loaded")
        }
        let keys: FactorKeys?
        let check: ApprovalCodeCheck
        do {
            keys = activation.v4 == nil ? try store.factorKeys(for: activation) : nil
            check = ApprovalCodeCheck(
                request: try OfflineApproval.request(
                    operationId: operation.id, operationData: operation.data, totp: operation.totp,
                    nonce: operation.nonce, uriId: operation.uriId),
                allowBiometry: operation.allowBiometry)
        } catch {
            throw APIFailure(.generic, error.reason)
        }
        let view = try store.transaction { (state, changed) throws(APIFailure) -> OfflineVerificationView in
            guard let opIndex = state.offlineOperations.firstIndex(where: { $0.id == id }),
                let index = state.activations.firstIndex(where: { $0.activationId == operation.activationId })
            else { throw APIFailure(.invalidOperation, "no offline operation \(id)") }
            if let failure = OperationRecord.failure(for: state.offlineOperations[opIndex].status) { throw failure }
            let result: SignatureVerification
            do {
                result = try state.activations[index].verifyApprovalCode(code, check, keys: keys)
            } catch let error as PowerAuthError {
                throw APIFailure(.invalidRequest, error.reason)
            } catch {
                throw APIFailure(.generic, "the code check failed")
            }
            if result.isValid {
                state.offlineOperations[opIndex].status = .approved
            } else {
                state.offlineOperations[opIndex].failureCount += 1
                if state.offlineOperations[opIndex].failureCount >= 5 {
                    state.offlineOperations[opIndex].status = .failed
                }
            }
            changed = true
            return OfflineVerificationView(
                accepted: result.isValid, signatureType: result.isValid ? result.signatureType : nil,
                matchedIteration: result.matchedIteration, counter: result.state.counter,
                failedAttempts: result.state.failedAttempts, maxFailedAttempts: result.state.maxFailedAttempts,
                activationStatus: result.state.status,
                operationStatus: state.offlineOperations[opIndex].status.rawValue, refusal: result.refusal)
        }
        return Envelope.ok(view)
    }

    /// The signer of an activation's payloads (a 4.0 activation's master key is its application's P-384 key).
    private func offlineSigner(
        for activation: ServerActivation, master: Bool
    ) throws -> OfflinePayloadSigner.Signer {
        guard master, activation.v4 != nil else { return try activation.offlineSigner(master: master) }
        guard let applicationId = activation.registration?.applicationId else {
            throw APIFailure(.invalidRequest, "this 4.0 activation has no application, so no P-384 master key")
        }
        return try activation.offlineSigner(master: true, masterP384: store.masterKeyP384(applicationId))
    }

    /// Adds the QR image the request asked for (`png` or `svg`), self-checked by scanning it back.
    func renderQR(_ format: String?, payload: String, into view: inout OfflineOperationView) throws(APIFailure) {
        guard let format else { return }
        guard let renderFormat = QRRenderFormat(rawValue: format), renderFormat == .png || renderFormat == .svg else {
            throw APIFailure(.invalidRequest, "qr must be png or svg, not '\(format)'")
        }
        let code: QRRenderedCode
        do {
            code = try QRCodeRenderer.make(Data(payload.utf8), format: renderFormat)
        } catch {
            throw APIFailure(.generic, "cannot render the QR code: \(error.reason)")
        }
        if renderFormat == .png {
            view.png = code.data.base64EncodedString()
        } else {
            view.svg = String(decoding: code.data, as: UTF8.self)
        }
    }
}
