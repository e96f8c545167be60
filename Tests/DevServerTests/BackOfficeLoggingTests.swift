import DevServer
import Foundation
import Logging
import Testing

@Suite("Back-office secrets stay out of the log")
struct BackOfficeLoggingTests {
    /// Everything logged at trace level: messages and metadata as text.
    final class Capture: @unchecked Sendable {
        // @unchecked Sendable: `lines` is only touched while `lock` is held.
        private let lock = NSLock()
        private var lines: [String] = []

        var text: String { lock.withLock { lines.joined(separator: "\n") } }

        func append(_ line: String) { lock.withLock { lines.append(line) } }

        var logger: Logger {
            var logger = Logger(label: "test") { _ in Handler(capture: self) }
            logger.logLevel = .trace
            return logger
        }

        struct Handler: LogHandler {
            let capture: Capture
            var logLevel: Logger.Level = .trace
            var metadata: Logger.Metadata = [:]

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                capture.append("\(event.message) \(event.metadata ?? [:]) \(metadata)")
            }
        }
    }

    @Test("refused and accepted Basic logins log neither the password nor the Authorization header; paths are escaped")
    func noSecretsLogged() async throws {
        let capture = Capture()
        let server = DevServer(
            state: DevServerState(),
            backOffice: BackOfficeConfiguration(credentials: try BackOfficeLogin(username: "bank", password: "s3cret")),
            logger: capture.logger)
        var headers: [String] = []
        for login in ["bank:wrongpass", "bank:s3cret"] {
            let header = "Basic " + Data(login.utf8).base64EncodedString()
            headers.append(header)
            for path in ["/rest/v3/operation/template/list", "/rest/v3/operation/cancel", "/rest/v3/nope"] {
                _ = await server.respond(
                    to: TestRequest(
                        method: "POST", path: path, headers: ["Authorization": header],
                        body: Data(#"{"requestObject":{"operationId":"x"}}"#.utf8)))
            }
        }
        _ = await server.respond(to: TestRequest(method: "POST", path: "/rest/v3/\u{1B}[31mred\u{202E}x"))
        let text = capture.text
        #expect(text.contains("back-office call refused"), "the refusal is logged")
        #expect(text.contains("?[31mred?x"), "control and bidi characters of the path are replaced")
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
        let encoded = headers.map { String($0.dropFirst(6)) }
        for secret in ["s3cret", "wrongpass"] + headers + encoded {
            #expect(!text.contains(secret), "\(secret) was logged")
        }
    }
}
