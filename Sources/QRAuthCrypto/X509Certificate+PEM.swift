import Foundation

extension X509Certificate {
    /// PEM armour (RFC 7468) for certificates, decoded in Swift before OpenSSL sees any byte.
    enum PEM {
        /// Returns the decoded bodies of every `-----BEGIN label-----` block, in order; other blocks
        /// (keys, parameters) are skipped.
        static func decode(_ text: String, label: String) throws(CryptoError) -> [Data] {
            let begin = "-----BEGIN \(label)-----"
            let end = "-----END \(label)-----"
            var blocks: [Data] = []
            var body: String?
            var lineNumber = 0
            for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                lineNumber += 1
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if var current = body {
                    if line == end {
                        guard let data = Data(base64Encoded: current), !data.isEmpty else {
                            throw CryptoError(
                                .malformedPEM, "the \(label) block ending on line \(lineNumber) is not valid Base64")
                        }
                        blocks.append(data)
                        body = nil
                    } else if line.hasPrefix("-----") {
                        throw CryptoError(.malformedPEM, "line \(lineNumber): \(label) block without its END line")
                    } else {
                        current += line
                        body = current
                    }
                } else if line == begin {
                    body = ""
                }
            }
            if body != nil {
                throw CryptoError(.malformedPEM, "the last \(label) block has no \(end) line")
            }
            return blocks
        }

        /// Armours `der` with 64-character Base64 lines and a trailing newline.
        static func encode(_ der: Data, label: String) -> String {
            let base64 = der.base64EncodedString()
            var lines = ["-----BEGIN \(label)-----"]
            var index = base64.startIndex
            while index < base64.endIndex {
                let next = base64.index(index, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
                lines.append(String(base64[index..<next]))
                index = next
            }
            lines.append("-----END \(label)-----")
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
