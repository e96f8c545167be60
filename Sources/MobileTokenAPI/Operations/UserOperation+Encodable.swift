import QRAuthEncoding

extension UserOperation: Encodable {
    /// Encodes the raw JSON as received; a local operation encodes its id, name, data, status, dates and title.
    public func encode(to encoder: any Encoder) throws {
        if let raw {
            try raw.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(id, forKey: JSONKey("id"))
        try container.encode(name, forKey: JSONKey("name"))
        try container.encode(data, forKey: JSONKey("data"))
        try container.encode(status, forKey: JSONKey("status"))
        try container.encodeIfPresent(statusReason, forKey: JSONKey("statusReason"))
        try container.encodeTimestamp(created, "operationCreated")
        try container.encodeTimestamp(expires, "operationExpires")
        try container.encode(allowedSignatureType, forKey: JSONKey("allowedSignatureType"))
        var form = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("formData"))
        try form.encode(formData.title, forKey: JSONKey("title"))
        try form.encode(formData.message, forKey: JSONKey("message"))
        try form.encodeIfPresent(formData.resultTexts, forKey: JSONKey("resultTexts"))
    }
}
