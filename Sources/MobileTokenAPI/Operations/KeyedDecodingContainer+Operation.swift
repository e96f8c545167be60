package import FoundationEssentials

package extension KeyedDecodingContainer where K == JSONKey {
    /// A required value.
    func value<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        try decode(T.self, forKey: JSONKey(key))
    }

    /// An optional value: nil when missing or `null`, an error for a wrong type.
    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: JSONKey(key))
    }

    /// A lenient value: nil when missing, `null` or not decodable.
    func lenient<T: Decodable>(_ key: String, as type: T.Type = T.self) -> T? {
        (try? decodeIfPresent(T.self, forKey: JSONKey(key))) ?? nil
    }

    /// A required timestamp in the operation date format.
    func timestamp(_ key: String) throws -> Date {
        let text = try value(key, as: String.self)
        guard let date = OperationTimestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: JSONKey(key), in: self, debugDescription: "\(key) is not an ISO 8601 timestamp")
        }
        return date
    }
}
