package import FoundationEssentials

extension JSONDuplicateKeys {
    /// How the refusal's description starts (`DecodingError.summary` shows it as it is).
    package static let refusalPrefix = "the key "

    /// Decodes `type` from `data` with `decoder`, after refusing a document with a repeated key: the one way
    /// JSON enters from outside (a server's answer, a decrypted payload, a request body), so that no reader here
    /// quietly keeps the first of two values another reader would take the last of. The refusal is a
    /// `DecodingError.dataCorrupted` naming the key, so callers report it where they report any malformed JSON.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()
    ) throws -> T {
        if let key = first(in: data) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "\(refusalPrefix)\(key) appears twice (refused: readers disagree)"
                ))
        }
        return try decoder.decode(type, from: data)
    }
}
