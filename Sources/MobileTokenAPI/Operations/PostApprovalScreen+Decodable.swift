extension PostApprovalScreen: Decodable {
    /// Type, heading and message required; the payload by type; an unknown type fails (the screen becomes nil).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let type = try container.value("type", as: String.self)
        self.heading = try container.value("heading")
        self.message = try container.value("message")
        switch type {
        case "REVIEW":
            let payload = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("payload"))
            let attributes = (try? payload.value("attributes", as: [OperationAttribute].self)) ?? []
            self.payload = .review(attributes: attributes)
        case "MERCHANT_REDIRECT":
            let payload = try container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("payload"))
            self.payload = .merchantRedirect(
                text: try payload.value("redirectText"), url: try payload.value("redirectUrl"),
                countdown: try payload.value("countdown"))
        case "GENERIC":
            self.payload = .generic(try container.value("payload"))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("type"), in: container, debugDescription: "unknown post-approval screen '\(type)'")
        }
    }
}
