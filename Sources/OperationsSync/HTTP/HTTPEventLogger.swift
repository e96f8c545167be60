import FoundationEssentials
import HTTPTypes
import Logging

/// The client's logging: filters by `HTTPLogLevel`, redacts, truncates, and writes to the caller's `Logger`.
struct HTTPEventLogger: Sendable {
    let logger: Logger?
    let options: HTTPLogOptions
    let redactor: LogRedactor

    init(logger: Logger?, options: HTTPLogOptions) {
        self.logger = logger
        self.options = options
        self.redactor = LogRedactor(extraNames: options.redactedNames)
    }

    func error(_ message: @autoclosure () -> String) {
        write(.errors, .error, message())
    }

    func warning(_ message: @autoclosure () -> String) {
        write(.warnings, .warning, message())
    }

    func request(_ request: HTTPExchange.Request) {
        guard enabled(.all) else { return }
        let url = request.url.map(redactor.url) ?? redactor.url(request.head.path ?? "")
        var lines = ["HTTP request \(request.head.method.rawValue) \(url)"]
        if !request.head.headerFields.isEmpty { lines.append(redactor.headers(request.head.headerFields)) }
        let body = redactor.body(request.body, contentType: request.head.headerFields[.contentType])
        if !body.isEmpty { lines.append(body) }
        write(.all, .info, lines.joined(separator: "\n"))
    }

    func response(_ response: HTTPExchange.Response, method: HTTPRequest.Method, elapsed: Duration) {
        let summary =
            "HTTP response \(response.statusCode) \(response.reasonPhrase) for \(method.rawValue) "
            + "\(redactor.url(response.url)) (\(response.body.count) bytes, \(Self.milliseconds(elapsed)) ms)"
        if enabled(.all) {
            var lines = [summary]
            if !response.headerFields.isEmpty { lines.append(redactor.headers(response.headerFields)) }
            let body = redactor.body(response.body, contentType: response.headerFields[.contentType])
            if !body.isEmpty { lines.append(body) }
            write(.all, .info, lines.joined(separator: "\n"))
        } else if response.status.kind == .clientError || response.status.kind == .serverError {
            warning(summary)
        }
    }

    func enabled(_ level: HTTPLogLevel) -> Bool {
        logger != nil && options.level >= level && level != .off
    }

    private func write(_ level: HTTPLogLevel, _ logLevel: Logger.Level, _ message: String) {
        guard enabled(level), let logger else { return }
        logger.log(level: logLevel, "\(Self.truncate(message, limit: options.messageLimit))")
    }

    static func truncate(_ message: String, limit: Int) -> String {
        guard limit > 0, message.count > limit else { return message }
        return message.prefix(limit) + "… [truncated \(message.count - limit) characters]"
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
