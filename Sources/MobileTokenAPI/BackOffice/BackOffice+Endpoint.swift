extension BackOffice {
    /// The back-office calls this package models, as paths under the REST base (`…/rest`).
    public enum Endpoint: String, Sendable, Hashable, CaseIterable {
        /// `GetApplicationListResponse`, no input.
        case applicationList = "/v3/application/list"
        /// `CreateApplicationRequest` → `CreateApplicationResponse`.
        case applicationCreate = "/v3/application/create"
        /// `GetApplicationDetailRequest` → `GetApplicationDetailResponse`.
        case applicationDetail = "/v3/application/detail"
        /// `CreateApplicationVersionRequest` → `CreateApplicationVersionResponse`.
        case applicationVersionCreate = "/v3/application/version/create"
        /// `InitActivationRequest` → `InitActivationResponse`.
        case activationInit = "/v3/activation/init"
        /// `CommitActivationRequest` → `CommitActivationResponse`.
        case activationCommit = "/v3/activation/commit"
        /// `GetActivationStatusRequest` → `GetActivationStatusResponse`.
        case activationStatus = "/v3/activation/status"
        /// `BlockActivationRequest` → `BlockActivationResponse`.
        case activationBlock = "/v3/activation/block"
        /// `UnblockActivationRequest` → `UnblockActivationResponse`.
        case activationUnblock = "/v3/activation/unblock"
        /// `RemoveActivationRequest` → `RemoveActivationResponse`.
        case activationRemove = "/v3/activation/remove"
        /// `GetActivationListForUserRequest` → `GetActivationListForUserResponse`.
        case activationList = "/v3/activation/list"
        /// `OperationTemplateCreateRequest` → `OperationTemplateDetailResponse`.
        case templateCreate = "/v3/operation/template/create"
        /// `OperationTemplateListResponse`, no input.
        case templateList = "/v3/operation/template/list"
        /// `{id}` → `OperationTemplateDetailResponse`.
        case templateDetail = "/v3/operation/template/detail"
        /// `{id}` → `{}`.
        case templateRemove = "/v3/operation/template/remove"
        /// `OperationCreateRequest` → `OperationDetailResponse`.
        case operationCreate = "/v3/operation/create"
        /// `OperationDetailRequest` → `OperationDetailResponse`.
        case operationDetail = "/v3/operation/detail"
        /// `OperationListForUserRequest` → `OperationListResponse` (every status).
        case operationList = "/v3/operation/list"
        /// `OperationListForUserRequest` → `OperationListResponse` (PENDING only).
        case operationListPending = "/v3/operation/list/pending"
        /// `OperationCancelRequest` → `OperationDetailResponse`.
        case operationCancel = "/v3/operation/cancel"
        /// `OperationApproveRequest` → `OperationUserActionResponse`.
        case operationApprove = "/v3/operation/approve"
        /// `OperationFailApprovalRequest` → `OperationUserActionResponse`.
        case operationApproveFail = "/v3/operation/approve/fail"
        /// `OperationRejectRequest` → `OperationUserActionResponse`.
        case operationReject = "/v3/operation/reject"
        /// `CreatePersonalizedOfflineSignaturePayloadRequest` → `OfflineSignaturePayloadResponse`.
        case offlinePersonalizedCreate = "/v3/signature/offline/personalized/create"
        /// `CreateNonPersonalizedOfflineSignaturePayloadRequest` → `OfflineSignaturePayloadResponse`.
        case offlineNonPersonalizedCreate = "/v3/signature/offline/non-personalized/create"
        /// `VerifyOfflineSignatureRequest` → `VerifyOfflineSignatureResponse`.
        case offlineVerify = "/v3/signature/offline/verify"
    }
}
