/// `{"id","data","proximityCheck"?,"mobileTokenData"?}` of `operation/authorize`.
package struct AuthorizeRequest: Sendable {
    /// The operation id.
    package let id: String
    /// The operation data, verbatim.
    package let data: String
    /// The proximity check, when the operation asks for one.
    package let proximityCheck: ProximityCheck?
    /// `proximityCheck.otp` as received: a server reads it even when the rest of the object is incomplete.
    package let proximityOTP: String?
    /// The SDK's `mobileTokenData` object, when the client sends one.
    package let mobileTokenData: MobileTokenData?

    /// Makes a request.
    package init(
        id: String, data: String, proximityCheck: ProximityCheck?, mobileTokenData: MobileTokenData? = nil
    ) {
        self.id = id
        self.data = data
        self.proximityCheck = proximityCheck
        self.proximityOTP = proximityCheck?.otp
        self.mobileTokenData = mobileTokenData
    }
}

extension AuthorizeRequest: Codable {
    /// The keys encoding writes (synthesized, in this order, absent ones left out); `proximityOTP` is not one.
    enum CodingKeys: String, CodingKey {
        case id, data, proximityCheck, mobileTokenData
    }

    /// `id` and `data` must be strings; `proximityCheck` is read leniently; `mobileTokenData`, when present and not
    /// `null`, must be an object.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        id = try container.value("id")
        data = try container.value("data")
        proximityCheck = container.lenient("proximityCheck")
        let proximity = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("proximityCheck"))
        proximityOTP = proximity?.lenient("otp", as: String.self)
        mobileTokenData = try container.optional("mobileTokenData")
    }
}
