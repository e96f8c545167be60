/// The payload of answers without one (`{"status":"OK"}`).
package struct EmptyPayload: Codable, Sendable {
    /// The empty payload.
    package init() {}
}
