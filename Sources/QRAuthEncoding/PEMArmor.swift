package import Foundation

/// PEM armour (RFC 7468): Base64 bodies between `-----BEGIN label-----` and `-----END label-----` lines.
///
/// Bodies are decoded with `StrictBase64` (padding required, no surplus `=`), never with Foundation's
/// decoder, whose leniency differs between platforms.
package enum PEMArmor {
    /// Why a PEM text was refused: one human sentence naming the line.
    package struct Problem: Error, Equatable, Sendable {
        /// The human reason.
        package let reason: String
    }

    /// Returns the decoded bodies of every `-----BEGIN label-----` block, in order; blocks with other labels
    /// (keys, parameters) are skipped. A body that is not Base64, empty or unterminated is refused.
    package static func decode(_ text: String, label: String) throws(Problem) -> [Data] {
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
                    guard let data = StrictBase64.decode(current), !data.isEmpty else {
                        throw Problem(reason: "the \(label) block ending on line \(lineNumber) is not valid Base64")
                    }
                    blocks.append(data)
                    body = nil
                } else if line.hasPrefix("-----") {
                    throw Problem(reason: "line \(lineNumber): \(label) block without its END line")
                } else {
                    current += line
                    body = current
                }
            } else if line == begin {
                body = ""
            }
        }
        if body != nil {
            throw Problem(reason: "the last \(label) block has no \(end) line")
        }
        return blocks
    }

    /// Armours `der` under `label` with 64-character Base64 lines and a trailing newline.
    package static func encode(_ der: some Sequence<UInt8>, label: String) -> String {
        let base64 = StrictBase64.encode(der)
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
