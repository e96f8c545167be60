import Foundation

/// Standard padded Base64 with no whitespace: the only form the clients agree on (spec §8).
enum CanonicalBase64 {
    /// Decodes `text` only when re-encoding the result gives `text` back.
    static func decode(_ text: String) -> Data? {
        guard !text.isEmpty, let data = Data(base64Encoded: text), data.base64EncodedString() == text else {
            return nil
        }
        return data
    }
}
