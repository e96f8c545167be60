/// A calendar date from a `D{YYYYMMDD}` field (proleptic Gregorian, no time zone).
public struct OperationDate: Equatable, Hashable, Comparable, Sendable {
    /// The year, 1–9999.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month.
    public let day: Int

    /// Makes a date, or nil when it does not exist on the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses the 8 characters after `D`.
    init(parsing text: Substring, line: Int, index: Int) throws(OfflineOperationError) {
        let where_ = "line \(line) (operation data), field \(index) (date)"
        let digits = text.unicodeScalars.compactMap { ("0"..."9").contains($0) ? Int($0.value) - 48 : nil }
        guard text.unicodeScalars.count == 8, digits.count == 8 else {
            throw OfflineOperationError(
                .date, "\(where_): expected 8 digits YYYYMMDD, got \(text.quotedForError)", line: line)
        }
        let number = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + $1 } }
        guard let date = OperationDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else {
            throw OfflineOperationError(
                .date, "\(where_): \(text.quotedForError) is not a calendar date", line: line)
        }
        self = date
    }

    /// `YYYY-MM-DD`.
    public var isoString: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// `YYYYMMDD`, as in the QR.
    public var compactString: String { pad(year, 4) + pad(month, 2) + pad(day, 2) }

    /// Orders dates chronologically.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
