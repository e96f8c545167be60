/// Rejects JSON objects with keys a strict server-side model does not know.
enum ExactKeys {
    /// Any key.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws a `DecodingError` naming the first key not in `allowed`.
    static func check(_ decoder: any Decoder, allowed: [String]) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.first(where: { !allowed.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container, debugDescription: "unknown key '\(unknown.stringValue.prefix(40))'")
        }
    }
}
