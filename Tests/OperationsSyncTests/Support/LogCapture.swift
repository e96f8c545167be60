import Logging
import NIOConcurrencyHelpers

/// An in-memory swift-log handler for asserting what the client logged.
final class LogCapture: Sendable {
    struct Entry: Sendable {
        let level: Logger.Level
        let message: String
    }

    private let store = NIOLockedValueBox<[Entry]>([])

    var entries: [Entry] { store.withLockedValue { $0 } }
    var text: String { entries.map(\.message).joined(separator: "\n") }

    /// A logger at `trace` that writes here.
    func logger() -> Logger {
        var logger = Logger(label: "test.http") { _ in Handler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    func append(_ entry: Entry) {
        store.withLockedValue { $0.append(entry) }
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append(Entry(level: event.level, message: event.message.description))
        }
    }
}
