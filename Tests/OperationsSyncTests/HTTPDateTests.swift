import Foundation
import Testing

@testable import OperationsSync

/// The `Set-Cookie` `Expires` reader that replaced Foundation's `DateFormatter` (RFC 7231 §7.1.1.1's three forms).
@Suite("HTTP dates of cookie Expires attributes")
struct HTTPDateTests {
    /// 1994-11-06 08:49:37 UTC, RFC 7231's example.
    static let example = Date(timeIntervalSince1970: 784_111_777)
    /// A fixed "now" for the two-digit year window: 2026-11-28.
    static let now = Date(timeIntervalSince1970: 1_795_824_000)

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun, 06-Nov-1994 08:49:37 GMT",
        "sun, 06 NOV 1994 08:49:37 utc", "Sun, 06 Nov 1994 09:49:37 +0100", "Sun, 06 Nov 1994 03:49:37 -0500",
    ])
    func theThreeFormsAndTheirZones(_ text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == Self.example, "\(text)")
    }

    @Test func aTwoDigitYearFallsInTheWindowEndingTwentyYearsAhead() {
        // In 2026 the window is 1946–2045: 45 is 2045, 46 is 1946.
        let in2045 = HTTPDate.parse("Sunday, 01-Jan-45 00:00:00 GMT", now: Self.now)
        let in1946 = HTTPDate.parse("Tuesday, 01-Jan-46 00:00:00 GMT", now: Self.now)
        #expect(in2045 == Date(timeIntervalSince1970: 2_366_841_600))
        #expect(in1946 == Date(timeIntervalSince1970: -757_382_400))
    }

    @Test func aLeapDayIsADateOnlyInALeapYear() {
        #expect(
            HTTPDate.parse("Thu, 29 Feb 2024 12:00:00 GMT", now: Self.now) == Date(timeIntervalSince1970: 1_709_208_000)
        )
        #expect(HTTPDate.parse("Sat, 29 Feb 2100 12:00:00 GMT", now: Self.now) == nil)
    }

    @Test(arguments: [
        "", "Sun, 06 Nov 1994 08:49:37", "Sun 06 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 94 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 CET",
        "Xyz, 06 Nov 1994 08:49:37 GMT", "Sun, 06 Nox 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 +01:00",
    ])
    func malformedDatesAreNil(_ text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil, "\(text)")
    }
}
