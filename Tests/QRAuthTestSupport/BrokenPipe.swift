#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test process writes to children's standard input; a child that exits before reading it (a usage
/// error) closes the pipe. Without this, that write raises SIGPIPE and kills the whole test run (it did on
/// CI: "exited with unexpected signal code 13"). With it, the write fails with EPIPE, which the callers
/// ignore. Call it before any such write; it is idempotent.
public enum BrokenPipe {
    private static let ignored: Bool = {
        signal(SIGPIPE, SIG_IGN)
        return true
    }()

    /// Makes a write to a closed pipe fail with `EPIPE` instead of killing this process.
    public static func ignore() {
        _ = ignored
    }
}
