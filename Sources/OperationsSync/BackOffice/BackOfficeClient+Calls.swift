public import MobileTokenAPI

/// One typed call per back-office endpoint; each returns the `responseObject` (use `send` for the raw object too).
extension BackOfficeClient {
    /// The applications (`application/list`).
    public func applications() async throws(BackOfficeError) -> BackOffice.GetApplicationListResponse {
        try await send(.applicationList).payload
    }

    /// Creates an application (`application/create`).
    public func createApplication(
        _ request: BackOffice.CreateApplicationRequest
    ) async throws(BackOfficeError) -> BackOffice.CreateApplicationResponse {
        try await send(.applicationCreate, request).payload
    }

    /// An application with its versions and their `mobileSdkConfig` (`application/detail`).
    public func applicationDetail(
        _ request: BackOffice.GetApplicationDetailRequest
    ) async throws(BackOfficeError) -> BackOffice.GetApplicationDetailResponse {
        try await send(.applicationDetail, request).payload
    }

    /// Creates an application version (`application/version/create`).
    public func createApplicationVersion(
        _ request: BackOffice.CreateApplicationVersionRequest
    ) async throws(BackOfficeError) -> BackOffice.CreateApplicationVersionResponse {
        try await send(.applicationVersionCreate, request).payload
    }

    /// Creates an activation and its activation code (`activation/init`).
    public func initActivation(
        _ request: BackOffice.InitActivationRequest
    ) async throws(BackOfficeError) -> BackOffice.InitActivationResponse {
        try await send(.activationInit, request).payload
    }

    /// Commits a PENDING_COMMIT activation (`activation/commit`).
    public func commitActivation(
        _ request: BackOffice.CommitActivationRequest
    ) async throws(BackOfficeError) -> BackOffice.CommitActivationResponse {
        try await send(.activationCommit, request).payload
    }

    /// An activation's server-side state (`activation/status`).
    public func activationStatus(
        _ request: BackOffice.GetActivationStatusRequest
    ) async throws(BackOfficeError) -> BackOffice.GetActivationStatusResponse {
        try await send(.activationStatus, request).payload
    }

    /// Blocks an ACTIVE activation (`activation/block`).
    public func blockActivation(
        _ request: BackOffice.BlockActivationRequest
    ) async throws(BackOfficeError) -> BackOffice.BlockActivationResponse {
        try await send(.activationBlock, request).payload
    }

    /// Unblocks a BLOCKED activation (`activation/unblock`).
    public func unblockActivation(
        _ request: BackOffice.UnblockActivationRequest
    ) async throws(BackOfficeError) -> BackOffice.UnblockActivationResponse {
        try await send(.activationUnblock, request).payload
    }

    /// Removes an activation (`activation/remove`).
    public func removeActivation(
        _ request: BackOffice.RemoveActivationRequest
    ) async throws(BackOfficeError) -> BackOffice.RemoveActivationResponse {
        try await send(.activationRemove, request).payload
    }

    /// A user's activations (`activation/list`).
    public func activations(
        _ request: BackOffice.GetActivationListForUserRequest
    ) async throws(BackOfficeError) -> BackOffice.GetActivationListForUserResponse {
        try await send(.activationList, request).payload
    }

    /// Creates an operation template (`operation/template/create`).
    public func createTemplate(
        _ request: BackOffice.OperationTemplateCreateRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationTemplateDetailResponse {
        try await send(.templateCreate, request).payload
    }

    /// The operation templates (`operation/template/list`).
    public func templates() async throws(BackOfficeError) -> BackOffice.OperationTemplateListResponse {
        try await send(.templateList).payload
    }

    /// Creates an operation from a template (`operation/create`).
    public func createOperation(
        _ request: BackOffice.OperationCreateRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationDetailResponse {
        try await send(.operationCreate, request).payload
    }

    /// An operation in any status (`operation/detail`).
    public func operationDetail(
        _ request: BackOffice.OperationDetailRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationDetailResponse {
        try await send(.operationDetail, request).payload
    }

    /// A user's operations in any status (`operation/list`).
    public func operations(
        _ request: BackOffice.OperationListForUserRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationListResponse {
        try await send(.operationList, request).payload
    }

    /// A user's pending operations (`operation/list/pending`).
    public func pendingOperations(
        _ request: BackOffice.OperationListForUserRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationListResponse {
        try await send(.operationListPending, request).payload
    }

    /// Cancels an operation (`operation/cancel`).
    public func cancelOperation(
        _ request: BackOffice.OperationCancelRequest
    ) async throws(BackOfficeError) -> BackOffice.OperationDetailResponse {
        try await send(.operationCancel, request).payload
    }

    /// A personalized offline QR payload (`signature/offline/personalized/create`).
    public func createOfflinePayload(
        _ request: BackOffice.CreatePersonalizedOfflineSignaturePayloadRequest
    ) async throws(BackOfficeError) -> BackOffice.OfflineSignaturePayloadResponse {
        try await send(.offlinePersonalizedCreate, request).payload
    }

    /// A master-key offline QR payload (`signature/offline/non-personalized/create`).
    public func createOfflinePayload(
        _ request: BackOffice.CreateNonPersonalizedOfflineSignaturePayloadRequest
    ) async throws(BackOfficeError) -> BackOffice.OfflineSignaturePayloadResponse {
        try await send(.offlineNonPersonalizedCreate, request).payload
    }

    /// Checks an offline approval code (`signature/offline/verify`).
    public func verifyOfflineSignature(
        _ request: BackOffice.VerifyOfflineSignatureRequest
    ) async throws(BackOfficeError) -> BackOffice.VerifyOfflineSignatureResponse {
        try await send(.offlineVerify, request).payload
    }
}
