import FoundationEssentials
import Hummingbird
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthEncoding

/// The Mobile Token API (`/api/auth/token/app/operation/...`): list, history, detail, claim, authorize and reject,
/// token- or signature-authenticated, and the signed echo.
struct MobileTokenService: Sendable {
    let store: DevServerStore
    let clock: EmulatorClock
    let authentication: RequestAuthentication
    /// The `/pa/v3` steps the encrypted activation spawn shares (signed caller, ECIES envelope, replay guard).
    let enrollment: EnrollmentService

    /// Registers the Mobile Token API and the signed echo (POST only; other methods fall through to the unmatched
    /// answer).
    func addRoutes(to group: RouterGroup<DevServerContext>) {
        let paths = EndpointPaths.MobileToken.self
        group.post(RouterPath(paths.operationList)) { try await listOperations($0, $1) }
        group.post(RouterPath(paths.operationHistory)) { try await operationHistory($0, $1) }
        group.post(RouterPath(paths.operationDetail)) { try await operationDetail($0, $1, claim: false) }
        group.post(RouterPath(paths.operationClaim)) { try await operationDetail($0, $1, claim: true) }
        group.post(RouterPath(paths.operationAuthorize)) { try await authorizeOperation($0, $1) }
        group.post(RouterPath(paths.operationCancel)) { try await rejectOperation($0, $1) }
        group.post(RouterPath(paths.echo)) { try await echo($0, $1) }
        addInboxPushAndSpawnRoutes(to: group)
    }

    /// The non-empty `id` of a detail, claim, authorize or cancel request.
    static func operationId(_ id: String) throws(APIFailure) -> String {
        guard !id.isEmpty else { throw APIFailure(.invalidRequest, "requestObject.id is missing or not a string") }
        return id
    }
}

extension MobileTokenService {
    /// `operation/list`: the caller's pending operations, with `currentTimestamp`.
    func listOperations(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let activationId = try authentication.authenticateToken(request)
        let now = clock.now
        let views = try store.transaction { (state, changed) throws(APIFailure) -> [UserOperationView] in
            var views: [UserOperationView] = []
            let callerActivation = state.activations.first { $0.activationId == activationId }
            for index in state.operations.indices
            where state.operations[index].isListed(
                forActivation: activationId, userId: callerActivation?.backOfficeUserId,
                applicationId: callerActivation?.backOfficeApplicationId)
            {
                if state.operations[index].expireIfDue(now: now) { changed = true }
                if state.operations[index].status == .pending {
                    views.append(UserOperationView(state.operations[index]))
                }
            }
            return views
        }
        return Envelope.ok(views, currentTimestamp: now)
    }

    /// `operation/history`: every operation of the caller, any status (2FA signature).
    func operationHistory(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try authentication.authorizationHeader(request)
        let caller = try authentication.authenticateSignature(
            request, body: context.body, header: header, uriId: EndpointPaths.MobileToken.historyURIId,
            allowed: [.possessionKnowledge, .possessionBiometry])
        let now = clock.now
        let views = try store.transaction { (state, changed) throws(APIFailure) -> [UserOperationView] in
            var views: [UserOperationView] = []
            for index in state.operations.indices where state.operations[index].activationId == caller.activationId {
                if state.operations[index].expireIfDue(now: now) { changed = true }
                views.append(UserOperationView(state.operations[index]))
            }
            return views
        }
        return Envelope.ok(views)
    }

    /// `operation/detail` and `operation/detail/claim`: one operation in any status. An unassigned
    /// operation is visible to anyone and a claim assigns it; another user's operation is not found.
    func operationDetail(
        _ request: Request, _ context: DevServerContext, claim: Bool
    ) async throws(APIFailure) -> Response {
        let activationId = try authentication.authenticateToken(request)
        let id = try await Self.operationId(context.requestObject(request, as: OperationIdRequest.self).id)
        let now = clock.now
        let view = try store.transaction { (state, changed) throws(APIFailure) -> UserOperationView in
            guard let index = state.operations.firstIndex(where: { $0.id == id }) else {
                throw APIFailure(.invalidOperation, "no operation \(id)")
            }
            if state.operations[index].expireIfDue(now: now) { changed = true }
            guard state.operation(at: index, isVisibleTo: activationId) else {
                throw APIFailure(.invalidOperation, "no operation \(id) for this user")
            }
            if claim, state.operations[index].activationId == nil {
                state.operations[index].activationId = activationId
                changed = true
            }
            return UserOperationView(state.operations[index])
        }
        return Envelope.ok(view, currentTimestamp: now)
    }

    /// `operation/authorize`: a signature of a type the operation allows, the data verbatim, and the
    /// proximity OTP when the operation has a seed. An invalid signature counts as a failed attempt of
    /// the operation (401 `POWERAUTH_AUTH_FAIL`); a wrong data or factor too (401 `OPERATION_FAILED`).
    func authorizeOperation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try authentication.authorizationHeader(request)
        let body = try await context.requestObject(request, as: AuthorizeRequest.self)
        let id = try Self.operationId(body.id)
        let data = body.data
        let caller: SignedCaller
        do {
            caller = try authentication.authenticateSignature(
                request, body: context.body, header: header, uriId: EndpointPaths.MobileToken.authorizeURIId,
                allowed: [.possession, .possessionKnowledge, .possessionBiometry])
        } catch {
            countFailedApproval(operationId: id, activationId: header.activationId)
            throw error
        }
        let now = clock.now
        let failure = try store.transaction { (state, changed) throws(APIFailure) -> APIFailure? in
            let index = try ownedOperation(
                id, activationId: caller.activationId, in: &state, changed: &changed, now: now)
            var operation = state.operations[index]
            if let problem = approvalProblem(
                operation, data: data, caller: caller, proximityOTP: body.proximityOTP, now: now)
            {
                operation.recordFailure(now: now)
                state.operations[index] = operation
                changed = true
                return problem
            }
            operation.status = .approved
            operation.finalized = now
            operation.mobileTokenData = body.mobileTokenData?.jsonValue
            state.operations[index] = operation
            changed = true
            return nil
        }
        if let failure { throw failure }
        return Envelope.okEmpty()
    }

    /// `operation/cancel`: rejects a pending operation (possession signature); the reason is kept.
    func rejectOperation(_ request: Request, _ context: DevServerContext) async throws(APIFailure) -> Response {
        let header = try authentication.authorizationHeader(request)
        let body = try await context.requestObject(request, as: RejectRequest.self)
        let id = try Self.operationId(body.id)
        let reason = body.reason.rawValue
        let caller = try authentication.authenticateSignature(
            request, body: context.body, header: header, uriId: EndpointPaths.MobileToken.cancelURIId,
            allowed: [.possession])
        let now = clock.now
        try store.transaction { (state, changed) throws(APIFailure) in
            let index = try ownedOperation(
                id, activationId: caller.activationId, in: &state, changed: &changed, now: now)
            state.operations[index].status = .rejected
            state.operations[index].finalized = now
            state.operations[index].statusReason = String(reason.prefix(32))
            state.operations[index].mobileTokenData = body.mobileTokenData?.jsonValue
            changed = true
        }
        return Envelope.okEmpty()
    }

    /// The index of a pending operation the caller may act on; an unassigned one is assigned now.
    private func ownedOperation(
        _ id: String, activationId: String, in state: inout DevServerState, changed: inout Bool, now: Date
    ) throws(APIFailure) -> Int {
        guard let index = state.operations.firstIndex(where: { $0.id == id }),
            state.operation(at: index, isVisibleTo: activationId)
        else {
            throw APIFailure(.invalidOperation, "no operation \(id) for this user")
        }
        if state.operations[index].expireIfDue(now: now) { changed = true }
        if let failure = state.operations[index].finishedFailure { throw failure }
        if state.operations[index].activationId == nil {
            state.operations[index].activationId = activationId
            changed = true
        }
        return index
    }

    /// Why a correctly signed approval is still refused, or nil.
    private func approvalProblem(
        _ operation: OperationRecord, data: String, caller: SignedCaller, proximityOTP: String?, now: Date
    ) -> APIFailure? {
        guard operation.data == data else {
            return APIFailure(.operationFailed, "the data does not match the operation's data")
        }
        guard operation.allowedSignatureType.acceptedTypes.contains(caller.signatureType) else {
            return APIFailure(
                .operationFailed, "the operation does not allow \(caller.signatureType.rawValue) approval")
        }
        if operation.proximitySeed != nil {
            guard let otp = proximityOTP else {
                return APIFailure(.operationFailed, "the operation needs a proximity check (proximityCheck.otp)")
            }
            guard operation.proximityOTPMatches(otp, now: now) else {
                return APIFailure(.operationFailed, "the proximity OTP does not match")
            }
        }
        return nil
    }

    /// Counts a failed signature against the operation `id` when it is pending and the caller's.
    private func countFailedApproval(operationId id: String, activationId: String) {
        let now = clock.now
        _ = try? store.transaction { (state, changed) throws(APIFailure) in
            guard let index = state.operations.firstIndex(where: { $0.id == id }),
                state.operation(at: index, isVisibleTo: activationId)
            else { return }
            if state.operations[index].expireIfDue(now: now) { changed = true }
            guard state.operations[index].status == .pending else { return }
            state.operations[index].recordFailure(now: now)
            changed = true
        }
    }
}
