/// What a poll produced: a snapshot, or a failure and the back-off before the next try.
public enum PollingEvent: Sendable {
    /// A successful poll.
    case snapshot(OperationsSnapshot)
    /// A failed poll; the next one is in `retryIn`.
    case failure(MobileTokenError, retryIn: Duration)
}
