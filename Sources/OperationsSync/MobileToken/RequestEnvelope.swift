/// A request body: `{"requestObject": ...}`, or `{}` without a payload (spec §6.2).
struct RequestEnvelope<Object: Encodable & Sendable>: Encodable, Sendable {
    let requestObject: Object?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(requestObject, forKey: JSONKey("requestObject"))
    }
}
