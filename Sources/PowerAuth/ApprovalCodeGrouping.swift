/// How an approval code is shown: as the verifier expects it, or grouped for reading aloud.
package enum ApprovalCodeGrouping: String, Sendable, Codable, CaseIterable {
    /// `12345678-87654321`: what the verifier receives.
    case twoByEight = "2x8"
    /// `1234-5678-8765-4321`: the 4×4 display many apps use (8-digit components only).
    case fourByFour = "4x4"

    /// Formats a `NNNNNNNN-NNNNNNNN` code; other shapes are returned unchanged.
    public func format(_ code: String) -> String {
        guard self == .fourByFour else { return code }
        let digits = code.filter { $0 != "-" }
        guard code.utf8.count == 17, digits.count == 16, digits.allSatisfy(\.isASCII) else { return code }
        var groups: [String] = []
        var rest = Substring(digits)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(4)))
            rest = rest.dropFirst(4)
        }
        return groups.joined(separator: "-")
    }

    /// Turns a displayed code (any dash grouping) back into `NNNNNNNN-NNNNNNNN` for a given component length.
    public static func normalize(_ code: String, componentLength: Int = 8) -> String {
        let digits = code.filter { $0 != "-" && $0 != " " }
        guard digits.count == 2 * componentLength else { return code }
        return String(digits.prefix(componentLength)) + "-" + String(digits.suffix(componentLength))
    }
}
