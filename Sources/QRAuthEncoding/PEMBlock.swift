package import FoundationEssentials

/// PEM (RFC 7468), the one codec for it: one `-----BEGIN label-----` … `-----END label-----` block of a PEM text,
/// the lenient scan for blocks of any label (`blocks(in:)`, for keys), the strict reading of every block of one
/// label (`bodies(in:label:)`, for certificate chains) and the writer (`encode(label:der:)`).
///
/// Bodies are decoded with `StrictBase64` (padding required, no surplus `=`), never with Foundation's decoder, whose
/// leniency differs between platforms.
package struct PEMBlock: Sendable {
    /// Why a PEM text was refused: one human sentence naming the line.
    package struct Problem: Error, Equatable, Sendable {
        /// The human reason.
        package let reason: String
    }

    /// The label, e.g. `PRIVATE KEY`.
    package let label: String
    /// RFC 1421 header lines (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: …`), if any.
    package let headers: [String]
    /// The Base64 body lines, whitespace trimmed.
    package let bodyLines: [String]

    /// The longest PEM text the key parsers accept (a key is under 1 KiB; this leaves room for chains).
    package static let maximumTextLength = 1 << 20

    /// The blocks of `text`, in order. Text outside blocks is ignored; an unterminated block ends the scan.
    package static func blocks(in text: String) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var current: (label: String, lines: [String])?
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingWhitespace()
            if let open = current {
                if line == "-----END \(open.label)-----" {
                    blocks.append(PEMBlock(label: open.label, lines: open.lines))
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----"), line.count > 16 {
                current = (String(line.dropFirst(11).dropLast(5)), [])
            }
        }
        return blocks
    }

    private init(label: String, lines: [String]) {
        self.label = label
        var headers: [String] = []
        var body = lines
        if let first = body.first, first.contains(":") {
            let end = body.firstIndex(of: "") ?? body.firstIndex { !$0.contains(":") } ?? body.endIndex
            headers = Array(body[..<end])
            body = Array(body[end...])
        }
        self.headers = headers
        self.bodyLines = body.filter { !$0.isEmpty }
    }

    /// Whether RFC 1421 headers mark the body as encrypted (traditional OpenSSL encryption).
    package var hasEncryptionHeader: Bool {
        headers.contains { $0.replacingEvery(" ", with: "").uppercased() == "PROC-TYPE:4,ENCRYPTED" }
    }

    /// The decoded body, or nil when it is not strict padded Base64.
    package var der: Data? {
        StrictBase64.decode(bodyLines.joined())
    }

    /// The block as text again (for OpenSSL's PEM reader).
    package var text: String {
        var lines = ["-----BEGIN \(label)-----"]
        if !headers.isEmpty { lines += headers + [""] }
        lines += bodyLines
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Returns the decoded bodies of every `-----BEGIN label-----` block, in order; blocks with other labels
    /// (keys, parameters) are skipped. A body that is not Base64, empty or unterminated is refused.
    package static func bodies(in text: String, label: String) throws(Problem) -> [Data] {
        let begin = "-----BEGIN \(label)-----"
        let end = "-----END \(label)-----"
        var blocks: [Data] = []
        var body: String?
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = rawLine.trimmingWhitespace()
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
    package static func encode(label: String, der: some Sequence<UInt8>) -> String {
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
