public import MobileTokenAPI

/// Polling as an async sequence: a fetch now (or after one interval with `delayStart`), then one per interval,
/// with back-off and jitter after failures. It ends when the consuming task is cancelled.
public struct OperationsPolling: AsyncSequence, Sendable {
    /// Events.
    public typealias Element = PollingEvent
    /// The sequence never throws: failures are events.
    public typealias Failure = Never

    let configuration: PollingConfiguration
    let fetch: @Sendable () async throws(MobileTokenError) -> [UserOperation]

    /// Makes a polling sequence over any fetch (normally `MobileTokenClient.operations()`).
    public init(
        configuration: PollingConfiguration,
        fetch: @escaping @Sendable () async throws(MobileTokenError) -> [UserOperation]
    ) {
        self.configuration = configuration
        self.fetch = fetch
    }

    /// Makes an iterator; each iterator polls on its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            configuration: configuration, fetch: fetch,
            random: SplitMix64(seed: configuration.jitterSeed ?? UInt64.random(in: .min ... .max)))
    }

    /// The iterator.
    public struct Iterator: AsyncIteratorProtocol {
        let configuration: PollingConfiguration
        let fetch: @Sendable () async throws(MobileTokenError) -> [UserOperation]
        var random: SplitMix64
        var register: [UserOperation] = []
        var nextDelay: Duration?
        var failures = 0

        init(
            configuration: PollingConfiguration,
            fetch: @escaping @Sendable () async throws(MobileTokenError) -> [UserOperation], random: SplitMix64
        ) {
            self.configuration = configuration
            self.fetch = fetch
            self.random = random
            self.nextDelay = configuration.delayStart ? configuration.interval : nil
        }

        /// Waits, polls, and returns the event; nil once the task is cancelled.
        public mutating func next() async -> PollingEvent? {
            if Task.isCancelled { return nil }
            if let delay = nextDelay {
                do {
                    try await configuration.sleeper.sleep(for: delay)
                } catch {
                    return nil
                }
                if Task.isCancelled { return nil }
            }
            do {
                let fetched = try await fetch()
                let snapshot = OperationsSnapshot.replacing(register, with: fetched)
                register = snapshot.operations
                failures = 0
                nextDelay = configuration.interval
                return .snapshot(snapshot)
            } catch {
                if error.code == .cancelled || Task.isCancelled { return nil }
                failures += 1
                let jitter = Double(random.next() >> 11) / Double(1 << 53)
                let delay = configuration.backoff(failures: failures, jitter: jitter)
                nextDelay = delay
                return .failure(error, retryIn: delay)
            }
        }
    }
}
