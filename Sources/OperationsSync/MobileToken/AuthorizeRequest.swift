/// `{"id","data","proximityCheck"?}` of authorize.
struct AuthorizeRequest: Encodable, Sendable {
    let id: String
    let data: String
    let proximityCheck: ProximityCheck?
}
