import FoundationEssentials

/// Unix seconds shown as ISO 8601 UTC, and the current time for `--now` defaults.
enum UTCTime {
    static func text(_ seconds: Int64) -> String {
        Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(Date.ISO8601FormatStyle())
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970) }
}
