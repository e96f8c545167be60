extension StringProtocol {
    /// The text in single quotes for an error reason, shortened to 40 characters and with line
    /// breaks and other controls shown as escapes, so a reason always stays on one line.
    var quotedForError: String {
        var shown = ""
        var count = 0
        for scalar in unicodeScalars {
            if count == 40 {
                shown += "…"
                break
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    shown += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return "'\(shown)'"
    }
}
