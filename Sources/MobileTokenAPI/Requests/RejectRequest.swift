/// `{"id","reason","mobileTokenData"?}` of `operation/cancel` (`mobileTokenData` since enrollment server 2.0).
package struct RejectRequest: Sendable {
    /// The operation id.
    package let id: String
    /// Why the user rejects it.
    package let reason: RejectionReason
    /// The SDK's `mobileTokenData` object, when the client sends one.
    package let mobileTokenData: MobileTokenData?

    /// Makes a request.
    package init(id: String, reason: RejectionReason, mobileTokenData: MobileTokenData? = nil) {
        self.id = id
        self.reason = reason
        self.mobileTokenData = mobileTokenData
    }
}

extension RejectRequest: Codable {
    /// `id` must be a string; a missing or non-string `reason` reads as `UNKNOWN`; `mobileTokenData`, when present and
    /// not `null`, must be an object. Encoding is synthesized: the three keys in order, `mobileTokenData` only when set.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.value("id")
        reason = container.lenient("reason", as: String.self).map(RejectionReason.init(rawValue:)) ?? .unknown
        mobileTokenData = try container.optional("mobileTokenData")
    }
}
