import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard error and asks whether streams are terminals.
enum StandardStreams {
    /// Writes one line to standard error.
    static func error(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        flushStdout()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes text to standard error as is (no newline added): progress bars.
    static func errorRaw(_ text: String) {
        flushStdout()
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Writes a warning line (`qrauth: warning: ...`) to standard error.
    static func warning(_ text: String) {
        error("qrauth: warning: \(text)")
    }

    /// Whether standard error is a terminal (progress bars, colours).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes raw bytes to standard output (binary formats such as PNG), after any buffered text.
    static func writeStdout(_ bytes: some DataProtocol) {
        flushStdout()
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Flushes what `print` has buffered, so output order is kept and streamed lines appear at once.
    static func flushStdout() {
        fflush(nil)
    }

    /// Flushes what `print` has buffered and says why it could not be written (a full disk, a closed
    /// descriptor), or nil when everything reached standard output.
    static func stdoutWriteFailure() -> String? {
        errno = 0
        guard fflush(nil) != 0 else { return nil }
        return errno == 0 ? "write error" : String(cString: strerror(errno))
    }
}
