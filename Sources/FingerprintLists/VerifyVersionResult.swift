/// The Mobile Utility Server's app-version verdict carried by `/app/init`.
public struct VerifyVersionResult: Sendable, Hashable, Codable {
    /// `NOT_REQUIRED`, `SUGGESTED` or `FORCED` (kept as text: the server may add values).
    public var update: String
    /// An optional localized message.
    public var message: String?

    /// Makes a result.
    public init(update: String, message: String? = nil) {
        self.update = update
        self.message = message
    }

    static func decode(_ value: OrderedJSON) throws(FingerprintListError) -> VerifyVersionResult {
        guard case .string(let update)? = value["update"] else {
            throw FingerprintListError(.wrongType, "verifyVersionResult needs a string \"update\"")
        }
        var message: String?
        if let field = value["message"] {
            switch field {
            case .string(let text): message = text
            case .null: message = nil
            default: throw FingerprintListError(.wrongType, "verifyVersionResult.message is \(field.typeName)")
            }
        }
        return VerifyVersionResult(update: update, message: message)
    }
}
