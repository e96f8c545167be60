// Only Glibc (no Foundation) in this file: `stdout` is a C global, and `@preconcurrency` must be the
// only way it is visible here for the one flush-and-check below.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// The C standard output stream's error state, which `print` leaves behind when a write fails.
enum StandardOutputState {
    /// Flushes standard output; false when this or any earlier write to it failed.
    static func flushAndCheck() -> Bool {
        fflush(stdout) == 0 && ferror(stdout) == 0
    }
}
