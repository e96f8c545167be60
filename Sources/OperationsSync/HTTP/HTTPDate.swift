import FoundationEssentials
import QRAuthEncoding

/// Reads the date of a `Set-Cookie` `Expires` attribute in the three forms servers send (RFC 7231 §7.1.1.1):
/// IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT` and the Netscape form
/// `Sun, 06-Nov-1994 08:49:37 GMT`. A fixed-format reader (no locale data): English names in any case, a
/// `GMT`/`UTC` zone or a `+hhmm`/`-hhmm` offset, a two-digit year in the 100-year window that ends 20 years
/// after this year (what the date formatter used before did).
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let longWeekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    static func parse(_ text: String, now: Date = Date()) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 4 || fields.count == 6, fields[0].hasSuffix(",") else { return nil }
        let weekday = fields[0].dropLast().lowercased()
        guard weekdays.contains(weekday) || longWeekdays.contains(weekday) else { return nil }
        let day: Substring, month: Substring, year: Substring, time: Substring, zone: Substring
        if fields.count == 6 {
            // IMF-fixdate: a three-letter weekday, day, month and a four-digit year as separate fields.
            guard weekdays.contains(weekday) else { return nil }
            (day, month, year, time, zone) = (fields[1], fields[2], fields[3], fields[4], fields[5])
            guard year.count == 4 else { return nil }
        } else {
            let parts = fields[1].split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            (day, month, year, time, zone) = (parts[0], parts[1], parts[2], fields[2], fields[3])
            // RFC 850: the full weekday and a two-digit year; Netscape: the short weekday and four digits.
            if longWeekdays.contains(weekday) {
                guard year.count == 2 else { return nil }
            } else {
                guard year.count == 4 else { return nil }
            }
        }
        guard let dayNumber = number(day, digits: 1...2), let monthIndex = months.firstIndex(of: month.lowercased()),
            var yearNumber = number(year, digits: 2...4), let offset = zoneOffset(zone)
        else { return nil }
        if year.count == 2 {
            let thisYear = gregorianYear(of: now)
            yearNumber += (thisYear + 20) / 100 * 100
            if yearNumber >= thisYear + 20 { yearNumber -= 100 }
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = number(clock[0], digits: 2...2),
            let minute = number(clock[1], digits: 2...2), let second = number(clock[2], digits: 2...2),
            hour < 24, minute < 60, second < 60,
            dayNumber >= 1, dayNumber <= CivilCalendar.daysIn(month: monthIndex + 1, year: yearNumber)
        else { return nil }
        let days = CivilCalendar.daysSinceEpoch(year: yearNumber, month: monthIndex + 1, day: dayNumber)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func number(_ text: Substring, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// Seconds east of UTC.
    private static func zoneOffset(_ zone: Substring) -> Int? {
        switch zone.uppercased() {
        case "GMT", "UTC", "UT", "Z": return 0
        default:
            guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
                let value = number(zone.dropFirst(), digits: 4...4), value % 100 < 60
            else { return nil }
            let seconds = (value / 100) * 3600 + (value % 100) * 60
            return sign == "-" ? -seconds : seconds
        }
    }

    private static func gregorianYear(of date: Date) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.component(.year, from: date)
    }
}
