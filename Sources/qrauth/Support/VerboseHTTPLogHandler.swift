import Logging

/// Writes the HTTP client's log (already redacted by OperationsSync) to standard error for `-v` and `-vv`.
///
/// With `-v` only the first line of each message is kept (`HTTP request POST https://…`,
/// `HTTP response 200 OK for POST https://… (312 bytes, 41 ms)`); with `-vv` the headers and bodies
/// that follow it too. Every line is escaped: URLs and bodies come from the server.
struct VerboseHTTPLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    /// Whether headers and bodies are printed (`-vv`).
    let bodies: Bool

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let lines = event.message.description.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if index > 0 && !bodies { break }
            StandardStreams.error("qrauth: \(index > 0 ? "  " : "")\(TerminalText.escaped(String(line)))")
        }
    }
}
