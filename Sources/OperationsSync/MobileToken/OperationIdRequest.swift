/// `{"id"}` of detail and claim.
struct OperationIdRequest: Encodable, Sendable {
    let id: String
}
