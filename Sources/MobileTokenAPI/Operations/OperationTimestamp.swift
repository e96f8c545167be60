public import FoundationEssentials
import QRAuthEncoding

/// The Mobile Token API date format: accepts `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, emits `...Z`.
public enum OperationTimestamp {
    /// Parses a timestamp, or nil when it does not match the grammar.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for index in start..<(start + count) {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), bytes[4] == 0x2D, let month = number(5, 2), bytes[7] == 0x2D,
            let day = number(8, 2), bytes[10] == 0x54 || bytes[10] == 0x74, let hour = number(11, 2),
            bytes[13] == 0x3A, let minute = number(14, 2), bytes[16] == 0x3A, let second = number(17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year), hour < 24,
            minute < 60,
            second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
        }
        var offset = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            guard index + 1 == bytes.count else { return nil }
        case 0x2B, 0x2D:
            let sign = bytes[index] == 0x2B ? 1 : -1
            let rest = bytes.count - index - 1
            let hours: Int?
            let minutes: Int?
            if rest == 5, bytes[index + 3] == 0x3A {
                hours = number(index + 1, 2)
                minutes = number(index + 4, 2)
            } else if rest == 4 {
                hours = number(index + 1, 2)
                minutes = number(index + 3, 2)
            } else {
                return nil
            }
            guard let hours, let minutes, hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// Formats a date as `YYYY-MM-DDTHH:MM:SSZ` in UTC, fractions dropped.
    public static func format(_ date: Date) -> String {
        format(date, zone: "Z")
    }

    /// Formats a date as the Java server does (`yyyy-MM-dd'T'HH:mm:ssZ`): `2018-07-02T14:43:13+0000`, UTC,
    /// fractions dropped.
    public static func formatServerStyle(_ date: Date) -> String {
        format(date, zone: "+0000")
    }

    private static func format(_ date: Date, zone: String) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):"
            + "\(two(secondsOfDay % 60))\(zone)"
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
