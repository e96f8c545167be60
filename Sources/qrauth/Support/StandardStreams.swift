import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output and error and asks whether they are terminals.
///
/// Standard output is checked: a failed write (a full disk, a closed pipe, `> /dev/full`) is an
/// error the command reports with exit 4, never a silent success. Standard error is best effort:
/// there is nowhere left to report its failures.
enum StandardStreams {
    /// Writes one line to standard error.
    static func error(_ line: String) {
        var text = line
        if !text.hasSuffix("\n") { text += "\n" }
        errorRaw(text)
    }

    /// Writes text to standard error as is (no newline added): progress bars.
    static func errorRaw(_ text: String) {
        flushStdout()
        _ = writeAll(STDERR_FILENO, Data(text.utf8))
    }

    /// Writes a warning line (`qrauth: warning: ...`) to standard error, escaped for the terminal;
    /// nothing with `-q`.
    static func warning(_ text: String) {
        guard Verbosity.current > .quiet else { return }
        error("qrauth: warning: \(TerminalText.escaped(text))")
    }

    /// Writes a note (`qrauth: wrote out.png`) to standard error as is (the caller escapes what it
    /// interpolates); nothing with `-q`.
    static func note(_ line: String) {
        guard Verbosity.current > .quiet else { return }
        error(line)
    }

    /// Writes what the command does (`qrauth: reading op.txt`) with `-v` or `-vv`, escaped for the
    /// terminal; nothing otherwise.
    static func verbose(_ text: String) {
        guard Verbosity.current >= .verbose else { return }
        error("qrauth: \(TerminalText.escaped(text))")
    }

    /// Whether standard error is a terminal (progress bars, colours).
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Writes raw bytes to standard output (binary formats such as PNG), after any buffered text.
    static func writeStdout(_ bytes: some DataProtocol) throws(CLIError) {
        try checkStdout()
        if let failure = writeAll(STDOUT_FILENO, Data(bytes)) { throw outputError(failure) }
    }

    /// Flushes what `print` has buffered, so output order is kept and streamed lines appear at once.
    /// A failure is remembered by the stream and reported by `checkStdout()`.
    static func flushStdout() {
        StandardOutputState.flush()
    }

    /// Flushes what `print` has buffered and says why it could not be written (a full disk, a closed
    /// descriptor), or nil when everything reached standard output.
    static func stdoutWriteFailure() -> String? {
        StandardOutputState.failure()
    }

    /// Flushes standard output and throws when any write to it has failed so far.
    static func checkStdout() throws(CLIError) {
        if let reason = stdoutWriteFailure() { throw outputError(reason) }
    }

    private static func outputError(_ reason: String) -> CLIError {
        CLIError(.malformed, "cannot write to standard output: \(reason)")
    }

    /// `write(2)` until done; returns the OS reason on failure.
    private static func writeAll(_ fd: Int32, _ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
    }
}
