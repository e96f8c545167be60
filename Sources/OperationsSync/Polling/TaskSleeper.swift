/// The real sleeper: `Task.sleep(for:)`.
public struct TaskSleeper: PollingSleeper {
    /// Makes a sleeper.
    public init() {}

    /// Sleeps on the continuous clock.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
