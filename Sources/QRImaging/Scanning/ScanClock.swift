#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The clock a scanner measures its budget with; injectable so tests can control time.
///
/// The default, `threadCPU`, counts the CPU time of the thread that reads it: a scan's budget then
/// measures the scanner's own work, not how busy the machine is, so load from other processes (or
/// other workers of a batch) does not cut a scan short.
public struct ScanClock: Sendable {
    /// Time since an arbitrary fixed origin.
    public let now: @Sendable () -> Duration

    /// Makes a clock from a function returning time since a fixed origin.
    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's continuous (monotonic) wall clock.
    public static var continuous: ScanClock {
        let origin = ContinuousClock.now
        return ScanClock { ContinuousClock.now - origin }
    }

    /// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`); differences are only
    /// meaningful between readings on the same thread, which is how a scan reads it.
    public static var threadCPU: ScanClock {
        ScanClock {
            var time = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
            return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
        }
    }
}
