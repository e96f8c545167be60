/// The one escaping function for untrusted text printed for people (server data, certificate and
/// list names, ids, file names, scanned payloads): characters that could move the cursor, change
/// colours, erase a line, reorder text (bidi overrides) or start a new line are shown as visible
/// escapes such as `\u{1b}`, so what a terminal shows is what the bytes say. JSON output never goes
/// through here: it stays exact.
enum TerminalText {
    /// `text` on one line: every control, bidi and line-breaking character escaped, tabs and line
    /// feeds included (so a crafted name cannot forge an output line).
    static func escaped(_ text: String) -> String {
        render(text, continuationIndent: nil)
    }

    /// `text` over several lines: each line feed continues on a line starting with
    /// `continuationIndent`, tabs are kept, everything else `escaped(_:)` escapes is escaped.
    static func sanitized(_ text: String, continuationIndent: String) -> String {
        render(text, continuationIndent: continuationIndent)
    }

    /// Whether a scalar must not reach a terminal as is.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (CSI 0x9B included)
        case 0x061C, 0x200E, 0x200F: true  // Arabic letter mark, LRM, RLM
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides and isolates
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }

    private static func render(_ text: String, continuationIndent: String?) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let continuationIndent {
                if scalar == "\n" {
                    out += "\n" + continuationIndent
                    continue
                }
                if scalar == "\t" {
                    out += "\t"
                    continue
                }
            }
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }
}
