public import FoundationEssentials

extension BackOffice {
    /// A date as the Java server's Jackson writes it: `2025-01-01T12:00:00.000+00:00` (UTC, milliseconds).
    public static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let milliseconds = min(999, max(0, Int(((seconds - whole) * 1000).rounded(.down))))
        let base = OperationTimestamp.format(Date(timeIntervalSince1970: whole))
        let digits = String(milliseconds)
        let padded = String(repeating: "0", count: 3 - digits.count) + digits
        return base.dropLast() + ".\(padded)+00:00"
    }

    /// A server date read in any ISO 8601 offset form, or as epoch milliseconds (1 to 15 digits, as Jackson reads a
    /// number or a numeric string for a `Date`), or nil.
    public static func date(_ text: String) -> Date? {
        if !text.isEmpty, text.utf8.count <= 15, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let millis = Int64(text)
        {
            return Date(timeIntervalSince1970: TimeInterval(millis) / 1000)
        }
        return OperationTimestamp.parse(text)
    }
}
