extension BackOffice {
    /// The answer of approve / approve-fail / reject (`operation` nested).
    public struct OperationUserActionResponse: Sendable, Hashable, Codable {
        /// What happened.
        public var result: UserActionResult
        /// The operation afterwards.
        public var operation: OperationDetailResponse?

        /// Makes a body.
        public init(result: UserActionResult, operation: OperationDetailResponse? = nil) {
            self.result = result
            self.operation = operation
        }
    }
}
