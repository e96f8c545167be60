/// Makes untrusted text (scanned payloads) safe to print: control characters become visible escapes,
/// so a QR code cannot move the cursor or change colours; line feeds continue on an indented line.
enum TerminalText {
    static func sanitized(_ text: String, continuationIndent: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\n" + continuationIndent
            case "\t": out += "\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
