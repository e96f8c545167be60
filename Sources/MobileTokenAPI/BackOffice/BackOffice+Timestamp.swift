public import Foundation

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

    /// A server date string read in any ISO 8601 offset form, or nil.
    public static func date(_ text: String) -> Date? {
        OperationTimestamp.parse(text)
    }
}
