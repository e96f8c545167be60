/// When the store should look for a new list next.
struct UpdateScheduler: Sendable {
    /// The longest wait between updates (seconds).
    let periodicUpdateInterval: Int64
    /// Below this remaining validity, updates come sooner (seconds).
    let expirationUpdateThreshold: Int64
    /// The share of the remaining validity waited once below the threshold.
    static let thresholdMultiplier = 0.125

    /// The next update time for `sortedEntries` (client order) at `now`.
    func nextUpdate(for sortedEntries: [FingerprintEntry], now: Int64) -> Int64 {
        now + interval(for: sortedEntries, now: now)
    }

    /// The wait (seconds) before the next update.
    func interval(for sortedEntries: [FingerprintEntry], now: Int64) -> Int64 {
        var earliest = now + 10 * 365 * 86_400
        var lastName: String?
        for entry in sortedEntries where entry.name != lastName {
            lastName = entry.name
            earliest = min(earliest, entry.expires)
        }
        var wait = Double(earliest - now)
        if wait > 0, wait < Double(expirationUpdateThreshold) {
            wait *= Self.thresholdMultiplier
        } else if wait <= 0 {
            wait = 0
        }
        return min(Int64(wait.rounded(.down)), periodicUpdateInterval)
    }
}
