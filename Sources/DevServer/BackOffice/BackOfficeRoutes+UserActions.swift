import FoundationEssentials
import MobileTokenAPI
import PowerAuth
import QRAuthEncoding

extension BackOfficeRoutes {
    /// `/rest/v3/operation/approve`, `/approve/fail`, `/reject`: what an enrollment server calls after it checked
    /// the phone's signature (here for a bank stack that brings its own enrollment server, and for tests).
    static var userActionRoutes: [BackOfficeRoute] {
        [
            .typed(EndpointPaths.backOffice(.operationApprove), BackOfficeService.approveBackOfficeOperation),
            .typed(EndpointPaths.backOffice(.operationApproveFail), BackOfficeService.failBackOfficeApproval),
            .typed(EndpointPaths.backOffice(.operationReject), BackOfficeService.rejectBackOfficeOperation),
        ]
    }
}

extension BackOfficeService {
    /// `operation/approve`: a PENDING operation of this user and application, with its data, an allowed signature
    /// type, the proximity OTP (`additionalData.proximity_otp`) when it has a seed, and the assigned activation
    /// (`additionalData.activationId`) when it has one, is APPROVED; anything else counts a failure
    /// (`APPROVAL_FAILED`, or `OPERATION_FAILED` and FAILED at the maximum). Unknown or not PENDING: `ERR0037`.
    func approveBackOfficeOperation(
        _ body: BackOffice.OperationApproveRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationUserActionResponse {
        try checkApplication(body.applicationId)
        return try userAction(
            body.operationId, unknown: .operationApproveFailure, additionalData: body.additionalData
        ) { (operation, now) throws(BackOfficeFailure) in
            guard operation.status == .pending, let owner = operation.backOffice?.userId else {
                throw BackOfficeFailure(
                    .operationApproveFailure,
                    "operation \(body.operationId) is \(operation.status.rawValue) or has no user")
            }
            let accepted =
                owner == body.userId && operation.backOffice?.applications.contains(body.applicationId) == true
                && operation.data == body.data
                && (operation.backOffice?.signatureType ?? []).contains(body.signatureType)
                && operation.failureCount < operation.maxFailureCount
                && Self.proximityPassed(operation, otp: body.additionalData?["proximity_otp"]?.stringValue, now: now)
                && (operation.activationId == nil
                    || operation.activationId == body.additionalData?["activationId"]?.stringValue)
            if accepted {
                operation.status = .approved
                operation.finalized = now
                return (.approved, keep: true)
            }
            operation.recordFailure(now: now)
            return (operation.status == .failed ? .operationFailed : .approvalFailed, keep: true)
        }
    }

    /// `operation/approve/fail`: counts a failed approval of a PENDING operation (`ERR0034` unknown, `ERR0036`
    /// not PENDING).
    func failBackOfficeApproval(
        _ body: BackOffice.OperationFailApprovalRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationUserActionResponse {
        try userAction(body.operationId, unknown: nil, additionalData: body.additionalData) {
            (operation, now) throws(BackOfficeFailure) in
            guard operation.status == .pending else {
                throw BackOfficeFailure(
                    .operationInvalidState, "operation \(body.operationId) is \(operation.status.rawValue), not PENDING"
                )
            }
            operation.recordFailure(now: now)
            return (operation.status == .failed ? .operationFailed : .approvalFailed, keep: true)
        }
    }

    /// `operation/reject`: a PENDING operation of this user (or of none) and application is REJECTED; another
    /// user or application answers `REJECT_FAILED` and changes nothing. Unknown or not PENDING: `ERR0038`.
    func rejectBackOfficeOperation(
        _ body: BackOffice.OperationRejectRequest
    ) throws(BackOfficeFailure) -> BackOffice.OperationUserActionResponse {
        try checkApplication(body.applicationId)
        return try userAction(body.operationId, unknown: .operationRejectFailure, additionalData: body.additionalData) {
            (operation, now) throws(BackOfficeFailure) in
            guard operation.status == .pending else {
                throw BackOfficeFailure(
                    .operationRejectFailure, "operation \(body.operationId) is \(operation.status.rawValue)")
            }
            let owner = operation.backOffice?.userId
            guard owner == nil || owner == body.userId,
                operation.backOffice?.applications.contains(body.applicationId) == true
            else {
                return (.rejectFailed, keep: false)
            }
            operation.status = .rejected
            operation.finalized = now
            operation.backOffice?.userId = body.userId
            return (.rejected, keep: true)
        }
    }

    /// One user action on the operation `operationId`, in one back-office transaction: the operation is found
    /// (`unknown` is the code when it is not; nil: `operationIndex`'s), expired first when due, and handed to
    /// `action`. What `action` keeps is saved with `additionalData` merged in; the answer is its result and the
    /// operation.
    private func userAction(
        _ operationId: String, unknown: BackOfficeErrorCode?, additionalData: [String: JSONValue]?,
        _ action: (inout OperationRecord, Date) throws(BackOfficeFailure) -> (BackOffice.UserActionResult, keep: Bool)
    ) throws(BackOfficeFailure) -> BackOffice.OperationUserActionResponse {
        let now = clock.now
        return try store.backOfficeTransaction { (state, changed) throws(BackOfficeFailure) in
            let index: Int
            if let unknown {
                guard let found = state.operations.firstIndex(where: { $0.id == operationId }) else {
                    throw BackOfficeFailure(unknown, "no operation \(operationId)")
                }
                index = found
            } else {
                index = try Self.operationIndex(operationId, in: state)
            }
            var operation = Self.expiringIfDue(index, in: &state, changed: &changed, now: now)
            let (result, keep) = try action(&operation, now)
            if keep {
                Self.merge(additionalData, into: &operation)
                state.operations[index] = operation
                changed = true
            }
            return BackOffice.OperationUserActionResponse(
                result: result, operation: BackOffice.OperationDetailResponse(operation, now: now))
        }
    }

    /// The operation at `index`, expired first when due; the expiry is kept in `state` (and `changed` set) whatever
    /// the action then decides, a refusal included.
    private static func expiringIfDue(
        _ index: Int, in state: inout DevServerState, changed: inout Bool, now: Date
    ) -> OperationRecord {
        var operation = state.operations[index]
        if operation.expireIfDue(now: now) {
            state.operations[index] = operation
            changed = true
        }
        return operation
    }

    /// `ERR0015` when the server holds applications and `applicationId` is none of them.
    private func checkApplication(_ applicationId: String) throws(BackOfficeFailure) {
        guard !applicationId.isEmpty else { throw .missing("applicationId") }
        let applications = state.applications
        guard applications.isEmpty || applications.contains(where: { $0.applicationId == applicationId }) else {
            throw BackOfficeFailure(.invalidApplication, "no application \(applicationId)")
        }
    }

    /// Whether the operation needs no proximity check, or `otp` is its current or previous TOTP.
    private static func proximityPassed(_ operation: OperationRecord, otp: String?, now: Date) -> Bool {
        guard operation.proximitySeed != nil else { return true }
        guard let otp else { return false }
        return operation.proximityOTPMatches(otp, now: now)
    }

    /// Adds `extra` to the operation's `additionalData` (newer values win).
    static func merge(_ extra: [String: JSONValue]?, into operation: inout OperationRecord) {
        guard let extra, var fields = operation.backOffice else { return }
        fields.additionalData = (fields.additionalData ?? [:]).merging(extra) { _, new in new }
        operation.backOffice = fields
    }
}
