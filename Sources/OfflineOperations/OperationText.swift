/// The escaping rules of titles, messages and operation data text.
///
/// Everything works on `Character`s (grapheme clusters), as the iOS SDK does: a `*`, `\` or `n`
/// carrying a combining mark is a different character and is neither a separator nor an escape.
enum OperationText {
    /// Splits a data line on `*`, re-joining pieces whose raw text ends with `\` (an escaped `*`).
    ///
    /// Quirk kept from both SDKs: a field ending in an escaped backslash (`\\`) before a separator
    /// also merges with the next field.
    static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var joinNext = false
        for piece in line.split(separator: "*", omittingEmptySubsequences: false) {
            if joinNext, var last = fields.popLast() {
                last.removeLast()
                last += "*" + piece
                fields.append(last)
            } else {
                fields.append(String(piece))
            }
            joinNext = piece.last == "\\"
        }
        return fields
    }

    /// Unescapes text: `\n` becomes LF, then `\\` becomes `\`, each pass left to right (so `\\n`
    /// gives a backslash and a line feed, as in both SDKs). Nothing else is an escape.
    static func unescape(_ text: some StringProtocol) -> String {
        guard text.contains("\\") else { return String(text) }
        return String(replace(replace(Array(text), "n", with: "\n"), "\\", with: "\\"))
    }

    /// Replaces every `\` + `second` pair with `replacement`, scanning left to right without overlap.
    private static func replace(
        _ characters: [Character], _ second: Character, with replacement: Character
    )
        -> [Character]
    {
        var out: [Character] = []
        out.reserveCapacity(characters.count)
        var index = 0
        while index < characters.count {
            if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == second {
                out.append(replacement)
                index += 2
            } else if characters[index] == "\\", index + 1 < characters.count,
                let joined = Self.joinerTail(after: second, in: characters[index + 1])
            {
                // `n` + U+200D is one Character, but the SDK's `replacingOccurrences(of: "\\n", …)` stops before a ZWJ:
                // the escape is taken and the joiner stays after the line feed (issue 29).
                out.append(replacement)
                out.append(contentsOf: joined)
                index += 2
            } else {
                out.append(characters[index])
                index += 1
            }
        }
        return out
    }

    /// When `character` is `second` then U+200D (ZERO WIDTH JOINER) and whatever else Swift joined to it, the
    /// text after `second`; else nil. Foundation's `replacingOccurrences` ends a match before a ZWJ (not before a
    /// combining mark or U+200C), so the SDK takes `\` + `n` + ZWJ for the escape.
    private static func joinerTail(after second: Character, in character: Character) -> String? {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, let first = scalars.first, second.unicodeScalars.elementsEqual([first]) else {
            return nil
        }
        let rest = scalars.dropFirst()
        guard rest.first == "\u{200D}" else { return nil }
        return String(String.UnicodeScalarView(rest))
    }

    /// Generator-side escaping of a title or message: `\` → `\\`, LF (or CR LF) → `\n` (CR kept).
    static func escapeAttribute(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r\n": out += "\r\\n"
            default: out.append(character)
            }
        }
        return out
    }

    /// `*` → `\*`.
    static func escapeAsterisks(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "*" { out += "\\*" } else { out.append(character) }
        }
        return out
    }
}
