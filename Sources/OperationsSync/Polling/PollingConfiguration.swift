/// How operations are polled: interval (default 7 s, at least 5 s), delayed start, back-off and jitter.
public struct PollingConfiguration: Sendable {
    /// The shortest allowed interval.
    public static let minimumInterval = Duration.seconds(5)
    /// The default interval.
    public static let defaultInterval = Duration.seconds(7)

    /// The interval as requested.
    public let requestedInterval: Duration
    /// Wait one interval before the first fetch.
    public var delayStart: Bool
    /// The longest wait after failures.
    public var maxBackoff: Duration
    /// Seed of the jitter; nil seeds from the system generator.
    public var jitterSeed: UInt64?
    /// Sleeps between polls.
    public var sleeper: any PollingSleeper

    /// Makes a configuration; `interval` below 5 s is clamped to 5 s (see `wasClamped`).
    public init(
        interval: Duration = PollingConfiguration.defaultInterval, delayStart: Bool = false,
        maxBackoff: Duration = .seconds(60), jitterSeed: UInt64? = nil, sleeper: any PollingSleeper = TaskSleeper()
    ) {
        self.requestedInterval = interval
        self.delayStart = delayStart
        self.maxBackoff = maxBackoff
        self.jitterSeed = jitterSeed
        self.sleeper = sleeper
    }

    /// The interval in use: the requested one, at least `minimumInterval`.
    public var interval: Duration { max(requestedInterval, Self.minimumInterval) }

    /// Whether the requested interval was below the minimum (callers may warn).
    public var wasClamped: Bool { requestedInterval < Self.minimumInterval }

    /// The wait after `failures` consecutive failures: `interval · 2^(failures-1)` capped at `maxBackoff`, then
    /// scaled by a jitter factor in [0.5, 1).
    func backoff(failures: Int, jitter: Double) -> Duration {
        let exponent = min(max(failures - 1, 0), 20)
        let base = min(interval * (1 << exponent), max(maxBackoff, interval))
        return base * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }
}
