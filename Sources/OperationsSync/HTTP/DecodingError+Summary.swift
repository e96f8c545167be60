/// A one-line summary of a decoding error that names the field and never quotes values.
extension DecodingError {
    var summary: String {
        func path(_ context: Context) -> String {
            let text = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "top level" : text
        }
        switch self {
        case .keyNotFound(let key, let context):
            return "missing field \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context):
            return "field \(path(context)) is not \(type)"
        case .valueNotFound(let type, let context):
            return "field \(path(context)) is null, expected \(type)"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "field \(path(context)) is malformed"
        @unknown default:
            return "undecodable"
        }
    }
}
