import QRAuthEncoding

extension StrictBase64.Problem {
    /// One human phrase for an error reason about `text`.
    func explanation(for text: String) -> String {
        switch self {
        case .length(let length):
            if length == 0 { return "is empty, expected Base64" }
            return "is not Base64: \(length) characters is not a multiple of 4 (padding with '=' is required)"
        case .character(let offset):
            let bytes = Array(text.utf8)
            let shown: String
            if offset < bytes.count, bytes[offset] < 0x80 {
                shown = String(UnicodeScalar(bytes[offset])).quotedForError
            } else {
                shown = "a non-ASCII character"
            }
            return "is not Base64: \(shown) at offset \(offset) is outside A-Z a-z 0-9 + /"
        case .padding:
            return "is not Base64: '=' may only end the text"
        case .trailingBits:
            return "is not canonical Base64: the last character has non-zero unused bits"
        }
    }
}
