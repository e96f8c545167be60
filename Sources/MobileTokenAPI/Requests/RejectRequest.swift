/// `{"id","reason"}` of `operation/cancel`.
package struct RejectRequest: Sendable {
    /// The operation id.
    package let id: String
    /// Why the user rejects it.
    package let reason: RejectionReason

    /// Makes a request.
    package init(id: String, reason: RejectionReason) {
        self.id = id
        self.reason = reason
    }
}

extension RejectRequest: Codable {
    /// `id` must be a string; a missing or non-string `reason` reads as `UNKNOWN`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.value("id")
        reason = container.lenient("reason", as: String.self).map(RejectionReason.init(rawValue:)) ?? .unknown
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("id"))
        try container.encode(reason, forKey: JSONKey("reason"))
    }
}
