import FoundationEssentials
import OfflineOperations
import QRAuthEncoding

/// Decodes the standard-alphabet, padded Base64 fields PowerAuth carries, naming the field on failure.
enum Base64Field {
    /// Decodes `text`; when `length` is given the decoded bytes must have exactly that many bytes. With
    /// `canonical`, the unused bits of the last character must be zero (header fields, see `isValid`).
    static func decode(
        _ text: String, field: String, length: Int? = nil, canonical: Bool = false
    ) throws(PowerAuthError) -> Data {
        guard let data = canonical ? StrictBase64.decodeCanonical(text) : StrictBase64.decode(text) else {
            throw PowerAuthError(.base64, "\(field) is not valid Base64")
        }
        if let length, data.count != length {
            throw PowerAuthError(.length, "\(field) must decode to \(length) bytes, not \(data.count)")
        }
        return data
    }

    /// Whether `text` is canonical padded Base64 (the unused bits of its last character zero) decoding to a length
    /// within `lengths`: the header fields (nonces, digests, signatures, application keys). A non-canonical
    /// spelling decodes to the same bytes as the canonical one, so accepting it would let one captured header be
    /// sent again under another spelling (issue 29); the real server's header validators refuse it too.
    static func isValid(_ text: String, lengths: ClosedRange<Int>) -> Bool {
        guard let data = StrictBase64.decodeCanonical(text) else { return false }
        return lengths.contains(data.count)
    }
}
