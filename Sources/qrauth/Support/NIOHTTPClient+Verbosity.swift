import Logging
import OperationsSync

extension NIOHTTPClient {
    /// A client that logs what `-v`/`-vv` ask for: nothing by default, each request and response with `-v`,
    /// their redacted headers and bodies too with `-vv` (OperationsSync redacts; the CLI only prints).
    static func forCommand(_ configuration: HTTPClientConfiguration) -> NIOHTTPClient {
        guard Verbosity.current >= .verbose else { return NIOHTTPClient(configuration: configuration, logger: nil) }
        var configuration = configuration
        configuration.logging.level = .all
        let bodies = Verbosity.current >= .debug
        let logger = Logger(label: "qrauth.http") { _ in VerboseHTTPLogHandler(bodies: bodies) }
        return NIOHTTPClient(configuration: configuration, logger: logger)
    }
}
