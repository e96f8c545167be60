extension PreApprovalScreen: Decodable {
    /// Heading and message required; an unknown type is `unknown`; an unknown approval type is nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.type = Kind(rawValue: try container.value("type", as: String.self)) ?? .unknown
        self.heading = try container.value("heading")
        self.message = try container.value("message")
        self.items = container.lenient("items")
        self.approvalType = container.lenient("approvalType", as: String.self).flatMap(ApprovalType.init(rawValue:))
    }
}
