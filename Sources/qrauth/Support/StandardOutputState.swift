// Only Glibc (no Foundation) in this file: `stdout` is a C global, and `@preconcurrency` must be the
// only way it is visible here for the flushes below.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The C standard output stream's error state, which `print` leaves behind when a write fails.
enum StandardOutputState {
    /// The OS reason of the first failed flush: a later flush of the emptied buffer succeeds, and
    /// only the stream's error flag would remember that something was lost.
    // nonisolated(unsafe): written at most once, by whichever thread flushes first after a failure;
    // a lost race only loses the wording of the reason, never the failure (the flag stays set).
    nonisolated(unsafe) private static var firstFailure: String?

    /// Flushes standard output, remembering why it failed.
    static func flush() {
        if fflush(stdout) != 0, firstFailure == nil { firstFailure = String(cString: strerror(errno)) }
    }

    /// Flushes standard output; the OS reason when this or any earlier write to it failed.
    static func failure() -> String? {
        flush()
        guard ferror(stdout) != 0 else { return nil }
        return firstFailure ?? "a write failed"
    }
}
