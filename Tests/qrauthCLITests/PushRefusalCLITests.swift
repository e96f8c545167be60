import Foundation
import Testing

/// The refusals the enrollment server documents for push registration, answered by a canned server: `serve` refuses
/// a non-active activation at the signature or token check first (as the real stack does), so its
/// `INVALID_ACTIVATION` is reached only here.
@Suite("push register: the server's documented refusals and their exit codes", .serialized)
struct PushRefusalCLITests {
    @Test(
        "each documented error code gives the documented exit code and names the server's code",
        arguments: [
            ("INVALID_ACTIVATION", 400, Int32(1)), ("POWERAUTH_AUTH_FAIL", 401, 1),
            ("PUSH_REGISTRATION_FAILED", 400, 5), ("INVALID_REQUEST", 400, 5),
        ])
    func refusal(code: String, httpStatus: Int, exit: Int32) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try await CLIRunner.activation(in: directory)
        let body = #"{"status":"ERROR","responseObject":{"code":"\#(code)","message":"refused \u001b[31m"}}"#
        let server = try CannedHTTPServer(.status(httpStatus, body))
        defer { server.stop() }
        let result = try await CLIRunner.run(
            [
                "push", "register", "--platform", "fcm", "--token", "fcm-1", "--signed", "--url", server.url,
                "--allow-http", "--device", files.device, "--timeout", "10",
            ], environment: [:], timeout: 60)
        #expect(result.status == exit, "\(result.stderr)")
        #expect(result.stderr.contains(code), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "the server's message reached the terminal unescaped")
        #expect(result.stdout.isEmpty)
    }
}
