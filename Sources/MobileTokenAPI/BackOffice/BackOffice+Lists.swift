extension BackOffice {
    /// The answer of `operation/template/list`: a bare array (`OperationTemplateListResponse`).
    public typealias OperationTemplateListResponse = [OperationTemplateDetailResponse]
    /// The answer of `operation/list`, `operation/list/pending` and `operation/list/external`: a bare array.
    public typealias OperationListResponse = [OperationDetailResponse]
}
