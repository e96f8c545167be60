import Foundation
import OfflineOperations
import QRAuthEncoding

/// Decodes the standard-alphabet, padded Base64 fields PowerAuth carries, naming the field on failure.
enum Base64Field {
    /// Decodes `text`; when `length` is given the decoded bytes must have exactly that many bytes.
    static func decode(_ text: String, field: String, length: Int? = nil) throws(PowerAuthError) -> Data {
        guard let data = StrictBase64.decode(text) else {
            throw PowerAuthError(.base64, "\(field) is not valid Base64")
        }
        if let length, data.count != length {
            throw PowerAuthError(.length, "\(field) must decode to \(length) bytes, not \(data.count)")
        }
        return data
    }

    /// Whether `text` is padded Base64 decoding to a length within `lengths`.
    static func isValid(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        guard let data = StrictBase64.decode(text) else { return false }
        return lengths.contains(data.count)
    }
}
