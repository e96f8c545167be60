import Foundation

/// Runs an operation repeatedly for a duration and reports the rate.
///
/// Like `openssl speed` (without `-elapsed`), the loop runs for a wall-clock duration but the rate
/// divides by the process's user CPU time, so a busy machine slows both tools alike.
enum BenchmarkRunner {
    /// The result of one timed run.
    struct Result {
        let operations: Int
        let wallSeconds: Double
        let userCPUSeconds: Double
        let checksum: Int
        /// Operations per user-CPU second (the figure `openssl speed` prints).
        var rate: Double { Double(operations) / max(userCPUSeconds, 1e-9) }
        /// Operations per wall-clock second.
        var wallRate: Double { Double(operations) / max(wallSeconds, 1e-9) }
    }

    /// Calls `operation` in batches until `seconds` of wall-clock time have passed (after a short warm-up).
    static func run(seconds: Double, warmUp: Int = 100, batch: Int = 16, _ operation: () -> Int) -> Result {
        var checksum = 0
        for _ in 0..<warmUp { checksum &+= operation() }
        let clock = ContinuousClock()
        let start = clock.now
        let startCPU = userCPUSeconds()
        let deadline = start.advanced(by: .nanoseconds(Int64(seconds * 1e9)))
        var operations = 0
        var now = start
        while now < deadline {
            for _ in 0..<batch { checksum &+= operation() }
            operations += batch
            now = clock.now
        }
        let cpu = userCPUSeconds() - startCPU
        let elapsed = start.duration(to: now)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Result(operations: operations, wallSeconds: wall, userCPUSeconds: cpu, checksum: checksum)
    }

    /// User CPU time of this process so far.
    private static func userCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    }
}
