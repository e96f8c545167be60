import FoundationEssentials
import QRAuthEncoding

extension UserOperation: Decodable {
    /// Decodes by the iOS SDK rules and keeps the raw JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        self.id = try container.value("id")
        self.name = try container.value("name")
        self.data = try container.value("data")
        let statusText = try container.value("status", as: String.self)
        guard let status = OperationStatus(rawValue: statusText) else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey("status"), in: container, debugDescription: "unknown status '\(statusText)'")
        }
        self.status = status
        self.statusReason = try container.optional("statusReason")
        self.created = try container.timestamp("operationCreated")
        self.expires = try container.timestamp("operationExpires")
        self.allowedSignatureType = try container.value("allowedSignatureType")
        self.formData = try container.value("formData")
        // As the SDK: `ui` that is not an object, or a malformed `proximityCheck`, fails the whole operation (the
        // parts inside `ui` stay lenient).
        self.ui = try container.optional("ui")
        self.proximityCheck = try container.optional("proximityCheck")
        self.raw = try JSONValue(from: decoder)
    }
}
