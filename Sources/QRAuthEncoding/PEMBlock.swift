package import Foundation

/// One `-----BEGIN label-----` … `-----END label-----` block of a PEM text (RFC 7468).
package struct PEMBlock: Sendable {
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
            let line = rawLine.trimmingCharacters(in: .whitespaces)
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
        headers.contains { $0.replacingOccurrences(of: " ", with: "").uppercased() == "PROC-TYPE:4,ENCRYPTED" }
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

    /// PEM text for `der` under `label`, Base64 wrapped at 64 columns.
    package static func encode(label: String, der: Data) -> String {
        PEMArmor.encode(der, label: label)
    }
}
