/// The local name of a MAC token (`possession_universal`, or any name the user gives): what the device file keys its
/// tokens by. The server never sees it.
public enum TokenName {
    /// The token the Mobile Token API signs list, detail and claim with; the device file's `token`.
    public static let possessionUniversal = "possession_universal"
    /// The longest name, in Unicode scalars.
    public static let maximumLength = 64
    /// The most named tokens a device file keeps beside `possession_universal`.
    public static let maximumCount = 64

    /// Refuses an empty name, one longer than `maximumLength`, one with a control, format, separator, private-use
    /// or unassigned character (anything a terminal could act on or show ambiguously), or one with leading or
    /// trailing white space.
    public static func validate(_ name: String) throws(PowerAuthError) {
        guard !name.isEmpty else { throw PowerAuthError(.tokenName, "a token name must not be empty") }
        let count = name.unicodeScalars.count
        guard count <= maximumLength else {
            throw PowerAuthError(.tokenName, "a token name is at most \(maximumLength) characters, not \(count)")
        }
        if let bad = name.unicodeScalars.first(where: { !isPrintable($0) }) {
            throw PowerAuthError(
                .tokenName,
                "a token name must be printable (U+\(String(bad.value, radix: 16, uppercase: true)) is not)")
        }
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
            first.properties.isWhitespace || last.properties.isWhitespace
        {
            throw PowerAuthError(.tokenName, "a token name must not start or end with white space")
        }
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: false
        default: true
        }
    }
}
