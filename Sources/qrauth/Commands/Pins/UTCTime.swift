import Foundation

/// Unix seconds shown as ISO 8601 UTC, and the current time for `--now` defaults.
enum UTCTime {
    static func text(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    static var now: Int64 { Int64(Date().timeIntervalSince1970) }
}
