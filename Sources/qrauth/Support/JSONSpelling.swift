/// The spelling of the CLI's own enum values in `--json` output: kebab-case (docs/json.md).
enum JSONSpelling {
    /// `keyUnavailable`, `key_unavailable`, `deeplinkJWT` → `key-unavailable`, `key-unavailable`, `deeplink-jwt`.
    static func kebab(_ value: String) -> String {
        var out = ""
        let characters = Array(value)
        for (index, character) in characters.enumerated() {
            if character == "_" || character == " " {
                out.append("-")
                continue
            }
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    out.append("-")
                }
            }
            out.append(contentsOf: character.lowercased())
        }
        return out
    }
}
