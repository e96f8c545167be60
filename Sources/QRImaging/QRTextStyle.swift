/// How the `text` format writes modules.
public enum QRTextStyle: String, Sendable, CaseIterable, Codable {
    /// `1` for a dark module, `0` for a light one.
    case digits
    /// `#` for a dark module, a space for a light one.
    case hash

    /// The characters for dark and light modules.
    var characters: (dark: Character, light: Character) {
        switch self {
        case .digits: ("1", "0")
        case .hash: ("#", " ")
        }
    }
}
