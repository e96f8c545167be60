import Foundation

/// Standard padded Base64 with no whitespace: the only form the clients agree on (spec §8).
enum CanonicalBase64 {
    /// Decodes `text` only when re-encoding the result gives `text` back.
    static func decode(_ text: String) -> Data? {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count % 4 == 0, let data = Data(base64Encoded: text),
            data.count == utf8.count / 4 * 3 - utf8.reversed().prefix(2).filter({ $0 == UInt8(ascii: "=") }).count
        else { return nil }
        // Only the last quantum can hide non-canonical bits; re-encode just that one.
        let tailCount = data.count % 3 == 0 ? min(3, data.count) : data.count % 3
        return data.suffix(tailCount).base64EncodedData().elementsEqual(utf8.suffix(4)) ? data : nil
    }
}
