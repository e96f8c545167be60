/// `{"id","reason"}` of reject.
struct RejectRequest: Encodable, Sendable {
    let id: String
    let reason: RejectionReason
}
