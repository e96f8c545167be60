/// The payload of answers without one (`{"status":"OK"}`).
struct EmptyPayload: Decodable, Sendable {}
