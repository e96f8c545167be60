/// Waits between polls; tests inject one that returns at once and records the delays.
public protocol PollingSleeper: Sendable {
    /// Sleeps for `duration`; throws when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
