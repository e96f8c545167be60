/// A request body: `{"requestObject": ...}`, or `{}` without a payload.
package struct RequestEnvelope<Object: Sendable>: Sendable {
    /// The payload; nil writes (and reads) `{}`.
    package let requestObject: Object?

    /// Wraps a payload.
    package init(requestObject: Object?) {
        self.requestObject = requestObject
    }
}

extension RequestEnvelope: Encodable where Object: Encodable {
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(requestObject, forKey: JSONKey("requestObject"))
    }
}

extension RequestEnvelope: Decodable where Object: Decodable {
    /// Decodes `{}` (no payload) or `{"requestObject": ...}`; an explicit `null` payload is an error, not "absent".
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        let key = JSONKey("requestObject")
        if container.contains(key), try container.decodeNil(forKey: key) {
            throw DecodingError.valueNotFound(
                Object.self,
                DecodingError.Context(
                    codingPath: container.codingPath + [key], debugDescription: "requestObject is null"))
        }
        requestObject = try container.decodeIfPresent(Object.self, forKey: key)
    }
}
