/// The monotonic clock a scanner measures its budget with; injectable so tests can control time.
public struct ScanClock: Sendable {
    /// Time since an arbitrary fixed origin.
    public let now: @Sendable () -> Duration

    /// Makes a clock from a function returning time since a fixed origin.
    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's continuous (monotonic) clock.
    public static var continuous: ScanClock {
        let origin = ContinuousClock.now
        return ScanClock { ContinuousClock.now - origin }
    }
}
