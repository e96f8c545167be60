/// One-line descriptions of a `DecodingError`, shared by every module that reports JSON it could not read.
package extension DecodingError {
    /// A summary that names the field and never quotes values (for server responses, which may carry
    /// anything): `missing field "id" at top level`, `field items.[0].amount is not Double`.
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
            if context.codingPath.isEmpty {
                // `JSONDuplicateKeys.decode`'s refusal names the key; anything else at the top is broken JSON.
                return context.debugDescription.hasPrefix(JSONDuplicateKeys.refusalPrefix)
                    ? context.debugDescription : "not valid JSON"
            }
            return "field \(path(context)) is malformed"
        @unknown default:
            return "undecodable"
        }
    }

    /// The dotted coding path and the decoder's own sentence (for the package's own files and inputs):
    /// `counter: Expected to decode Int but found a string instead.`; with `namingMissingKeys`, a missing
    /// key reads `missing field NAME` instead of the decoder's sentence.
    func pathDescription(namingMissingKeys: Bool) -> String {
        switch self {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let detail: String
            if namingMissingKeys, case .keyNotFound(let key, _) = self {
                detail = "missing field \(key.stringValue)"
            } else {
                detail = context.debugDescription
            }
            return path.isEmpty ? detail : "\(path): \(detail)"
        @unknown default:
            return namingMissingKeys ? "malformed JSON" : "\(self)"
        }
    }
}
